import { useTranslation } from "react-i18next";
import { endpointInfo } from "../../../contract/api/info.ts";
import { useAppServices } from "../../runtime/app-services.tsx";
import { useReloadableRead } from "../../services/server-read.ts";
import { Button } from "../../ui/button.tsx";
import { toast } from "../../ui/toaster.tsx";
import { formatPower } from "./amount.ts";
import { useMoneyAction } from "./money-action.ts";
import { RefusalMessage } from "./refusal-message.tsx";

/**
 * The operator's airdrop for this user, when there is one: claim it while eligible (4010-4013
 * are shown as refused), or see that it is on its way or sent. Nothing without one.
 */
export function AirdropCard() {
  const { t, i18n } = useTranslation("power");
  const { api } = useAppServices();
  const [airdrop, reload] = useReloadableRead(api, "airdrop", (client, _input, signal) =>
    client.call(endpointInfo.wallets.airdrop, {}, { silent: true, signal }),
  );
  const action = useMoneyAction();
  if (airdrop.status !== "ready" || airdrop.data.data.status === "none") return null;
  const { amount, status, verified } = airdrop.data.data;
  const shown = formatPower(amount, i18n.language);
  return (
    <div
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-accent/40 bg-accent-soft p-4"
      data-testid="airdrop-card"
      data-status={status}
    >
      <div>
        <p className="font-medium">{t("airdrop.title", { amount: shown })}</p>
        <p className="text-sm text-zinc-600 dark:text-zinc-300">
          {t(`airdrop.status.${status}`)}
          {status === "eligible" && !verified ? ` ${t("airdrop.unverified")}` : ""}
        </p>
        <RefusalMessage refusal={action.refusal} testId="airdrop" />
      </div>
      {status === "eligible" ? (
        <Button
          size="sm"
          loading={action.busy}
          data-testid="airdrop-claim"
          onClick={async () => {
            const done = await action.run((client, headers) =>
              client.call(
                endpointInfo.wallets.claimAirdrop,
                {},
                { silent: true, retry: false, headers },
              ),
            );
            if (done) toast.success(t("airdrop.claimed", { amount: shown }));
            await reload();
          }}
        >
          {t("airdrop.claim")}
        </Button>
      ) : null}
    </div>
  );
}
