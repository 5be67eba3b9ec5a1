import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useAppServices } from "../../runtime/app-services.tsx";
import { useReloadableRead } from "../../services/server-read.ts";
import { Button } from "../../ui/button.tsx";
import { Dialog, DialogActions } from "../../ui/dialog.tsx";
import { toast } from "../../ui/toaster.tsx";
import { exceeds, formatPower } from "./amount.ts";
import { AmountPicker } from "./amount-picker.tsx";
import { BalanceLine } from "./balance-line.tsx";
import { useMoneyAction } from "./money-action.ts";
import { RefusalMessage } from "./refusal-message.tsx";
import { useWallet } from "./use-wallet.ts";
import { boostFeed, readBoosts } from "./wallet-calls.ts";

/**
 * Boost a feed: one of the server's amount levels (any other amount is refused with 4006),
 * the boost so far and who boosted it, largest first.
 */
export function BoostDialog(props: { feedId: string; title: string; onClose(): void }) {
  const { t, i18n } = useTranslation("power");
  const { api } = useAppServices();
  const [wallet] = useWallet();
  const [boosts, reloadBoosts] = useReloadableRead(api, props.feedId, (client, feedId, signal) =>
    readBoosts(client, feedId, signal),
  );
  const levels = boosts.status === "ready" ? boosts.data.levels : [];
  const [text, setText] = useState("");
  const chosen =
    levels.find((units) => formatPower(units, "en", 18).replace(/,/g, "") === text) ?? null;
  const action = useMoneyAction();
  const balance = wallet.status === "ready" ? (wallet.data?.powerToken ?? "0") : null;

  async function submit() {
    if (!chosen) return;
    const done = await action.run((client, headers) =>
      boostFeed(client, headers, { feedId: props.feedId, amount: chosen }),
    );
    if (done) {
      toast.success(t("boost.sent", { amount: formatPower(chosen, i18n.language) }));
      await reloadBoosts();
      props.onClose();
    }
  }

  return (
    <Dialog
      open
      onClose={props.onClose}
      title={t("boost.title")}
      description={t("boost.description", { title: props.title })}
      testId="boost-dialog"
    >
      <form
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <BalanceLine wallet={wallet} />
        {boosts.status === "failed" ? (
          <p role="alert" className="text-sm text-red-600">
            {boosts.message}
          </p>
        ) : null}
        <AmountPicker
          presets={levels}
          value={text}
          onChange={(next) => {
            setText(next);
            action.reset();
          }}
          label={t("boost.level")}
          testId="boost"
          presetsOnly
        />
        {chosen && exceeds(chosen, balance) ? (
          <p className="text-sm text-amber-700 dark:text-amber-300">{t("overBalance")}</p>
        ) : null}
        {boosts.status === "ready" ? (
          <div data-testid="boost-boosters">
            <p className="text-sm font-medium">
              {t("boost.total", { amount: formatPower(boosts.data.total, i18n.language) })}
            </p>
            {boosts.data.boosters.length === 0 ? (
              <p className="text-sm text-zinc-500">{t("boost.noBoosters")}</p>
            ) : (
              <ul className="mt-1 max-h-40 space-y-1 overflow-y-auto text-sm">
                {boosts.data.boosters.map((booster) => (
                  <li
                    key={booster.userId}
                    className="flex justify-between gap-3"
                    data-testid="boost-booster"
                  >
                    <span className="truncate">{booster.name}</span>
                    <span className="tabular-nums">
                      {formatPower(booster.amount, i18n.language)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        ) : null}
        <RefusalMessage refusal={action.refusal} testId="boost" />
        <DialogActions>
          <Button type="button" variant="ghost" onClick={props.onClose}>
            {t("cancel")}
          </Button>
          <Button type="submit" loading={action.busy} disabled={!chosen} data-testid="boost-submit">
            {t("boost.submit")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
