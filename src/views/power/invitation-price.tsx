import { useTranslation } from "react-i18next";
import { endpointInfo } from "../../../contract/api/info.ts";
import { useAppServices } from "../../runtime/app-services.tsx";
import { useServerRead } from "../../services/server-read.ts";
import { formatPower } from "./amount.ts";

/** What a new invitation code costs on this server (paid when it is made). */
export function InvitationPrice() {
  const { t, i18n } = useTranslation("power");
  const { api } = useAppServices();
  const price = useServerRead(api, endpointInfo.wallets.invitationPrice, {});
  if (price.status !== "ready") return null;
  return (
    <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="invitation-price">
      {price.data.data === "0"
        ? t("invitationPrice.free")
        : t("invitationPrice.cost", { amount: formatPower(price.data.data, i18n.language) })}
    </p>
  );
}
