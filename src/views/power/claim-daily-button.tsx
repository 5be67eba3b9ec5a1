import { useTranslation } from "react-i18next";
import { useAppServices } from "../../runtime/app-services.tsx";
import { useReloadableRead } from "../../services/server-read.ts";
import { useShortcut } from "../../shortcuts/index.ts";
import { Button } from "../../ui/button.tsx";
import { toast } from "../../ui/toaster.tsx";
import { formatPower } from "./amount.ts";
import { useMoneyAction } from "./money-action.ts";
import { RefusalMessage } from "./refusal-message.tsx";
import { claimDaily, readClaimState } from "./wallet-calls.ts";

/**
 * Claim today's daily POWER, once a day: the button says so once claimed; 4005 (the day's
 * amount still being computed) is shown as the refusal it is. Also the palette's "Claim daily
 * POWER" while this button is on screen.
 */
export function ClaimDailyButton(props: { todayDailyPower: string }) {
  const { t, i18n } = useTranslation("power");
  const { api } = useAppServices();
  const [check, reloadCheck] = useReloadableRead(api, "claim-state", (client, _input, signal) =>
    readClaimState(client, signal),
  );
  const action = useMoneyAction();
  // While the day's amount is computed, pressing asks the server anyway: its 4005 says so.
  const claimed = check.status === "ready" && check.data === "claimed";
  const claimable = check.status === "ready" && !claimed;
  async function claim() {
    const done = await action.run((client, headers) => claimDaily(client, headers));
    if (done) {
      toast.success(t("claim.done", { amount: formatPower(done.amount, i18n.language) }));
    }
    await reloadCheck();
  }
  useShortcut("power.claimDaily", () => void claim(), { enabled: Boolean(claimable) });
  return (
    <div className="flex flex-col items-end">
      <Button
        loading={action.busy}
        disabled={!claimable}
        onClick={() => void claim()}
        data-testid="claim-daily"
        data-claimable={claimable ? "true" : "false"}
      >
        {claimed
          ? t("claim.claimed")
          : check.status === "ready" && check.data === "claimable"
            ? t("claim.button", { amount: formatPower(props.todayDailyPower, i18n.language) })
            : t("claim.buttonPending")}
      </Button>
      <RefusalMessage refusal={action.refusal} testId="claim-daily" />
    </div>
  );
}
