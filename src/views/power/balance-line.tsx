import { useTranslation } from "react-i18next";
import type { ReadState } from "../../services/server-read.ts";
import { formatPower } from "./amount.ts";
import type { Wallet } from "./wallet-calls.ts";

/** "Balance: 12.5 POWER" above a money form (nothing while it loads or without a wallet). */
export function BalanceLine(props: { wallet: ReadState<Wallet | null> }) {
  const { t, i18n } = useTranslation("power");
  if (props.wallet.status !== "ready") return null;
  return (
    <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="balance-line">
      {t("balance", { amount: formatPower(props.wallet.data?.powerToken ?? "0", i18n.language) })}
    </p>
  );
}
