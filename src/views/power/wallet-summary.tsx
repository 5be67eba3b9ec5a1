import { useTranslation } from "react-i18next";
import type { ReadState } from "../../services/server-read.ts";
import { Button } from "../../ui/button.tsx";
import { PowerIcon } from "../../ui/icons.tsx";
import { formatPower } from "./amount.ts";
import { ClaimDailyButton } from "./claim-daily-button.tsx";
import { multiplierOf } from "./level.ts";
import { useMoneyAction } from "./money-action.ts";
import { RefusalMessage } from "./refusal-message.tsx";
import { createWallet, type Wallet } from "./wallet-calls.ts";

function Figure(props: { label: string; value: string; testId: string }) {
  return (
    <div className="min-w-0">
      <p className="text-xs text-zinc-500 uppercase dark:text-zinc-400">{props.label}</p>
      <p className="truncate text-lg font-semibold tabular-nums" data-testid={props.testId}>
        {props.value}
      </p>
    </div>
  );
}

/**
 * The wallet at a glance: balance (and its daily and cashable parts), today's daily POWER with
 * the claim button, level, rank and reward multiplier. Without a wallet: the button making one.
 */
export function WalletSummary(props: { wallet: ReadState<Wallet | null> }) {
  const { t, i18n } = useTranslation("power");
  const create = useMoneyAction();
  const { wallet } = props;
  if (wallet.status === "loading" || wallet.status === "idle") {
    return <div className="h-32 animate-pulse rounded-xl bg-zinc-100 dark:bg-zinc-900" />;
  }
  if (wallet.status === "failed") {
    return (
      <p role="alert" className="text-sm text-red-600" data-testid="wallet-failed">
        {wallet.message}
      </p>
    );
  }
  if (wallet.data === null) {
    return (
      <div
        className="rounded-xl border border-zinc-200 p-5 dark:border-zinc-800"
        data-testid="wallet-none"
      >
        <p className="font-medium">{t("wallet.noneTitle")}</p>
        <p className="mt-1 text-sm text-zinc-500">{t("wallet.noneBody")}</p>
        <Button
          className="mt-3"
          size="sm"
          loading={create.busy}
          onClick={() => void create.run((api, headers) => createWallet(api, headers))}
          data-testid="wallet-create"
        >
          {t("wallet.create")}
        </Button>
        <RefusalMessage refusal={create.refusal} testId="wallet-create" />
      </div>
    );
  }
  const data = wallet.data;
  const format = (units: string) => formatPower(units, i18n.language);
  const multiplier = data.multiplier ?? multiplierOf(data.level?.level);
  return (
    <div
      className="space-y-4 rounded-xl border border-zinc-200 p-5 dark:border-zinc-800"
      data-testid="wallet-summary"
    >
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex items-center gap-3">
          <span className="flex size-11 items-center justify-center rounded-full bg-accent-soft text-accent">
            <PowerIcon size={22} />
          </span>
          <div>
            <p className="text-sm text-zinc-500">{t("wallet.balance")}</p>
            <p className="text-2xl font-bold tabular-nums" data-testid="wallet-balance">
              {format(data.powerToken)} <span className="text-base font-medium">POWER</span>
            </p>
          </div>
        </div>
        <ClaimDailyButton todayDailyPower={data.todayDailyPower} />
      </div>
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        <Figure
          label={t("wallet.daily")}
          value={format(data.dailyPowerToken)}
          testId="wallet-daily"
        />
        <Figure
          label={t("wallet.cashable")}
          value={format(data.cashablePowerToken)}
          testId="wallet-cashable"
        />
        <Figure
          label={t("wallet.level")}
          value={
            data.level
              ? t("wallet.levelValue", { level: data.level.level, rank: data.level.rank ?? "–" })
              : "–"
          }
          testId="wallet-level"
        />
        <Figure
          label={t("wallet.multiplier")}
          value={t("wallet.multiplierValue", { multiplier })}
          testId="wallet-multiplier"
        />
      </div>
      {data.level ? (
        <p className="text-xs text-zinc-500" data-testid="wallet-activity">
          {t("wallet.activity", { points: data.level.activityPoints })}
        </p>
      ) : null}
    </div>
  );
}
