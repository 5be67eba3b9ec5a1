import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../ui/button.tsx";
import { Dialog, DialogActions } from "../../ui/dialog.tsx";
import { Field } from "../../ui/fields.tsx";
import { toast } from "../../ui/toaster.tsx";
import { exceeds, formatPower, parsePower, wholePower } from "./amount.ts";
import { AmountPicker } from "./amount-picker.tsx";
import { BalanceLine } from "./balance-line.tsx";
import { useMoneyAction } from "./money-action.ts";
import { RefusalMessage } from "./refusal-message.tsx";
import { useWallet } from "./use-wallet.ts";
import { sendTip, type TipTarget } from "./wallet-calls.ts";

const TIP_PRESETS = [1, 2, 5, 10].map(wholePower);
/** Codes that ask for the authenticator's code before the tip goes through. */
const TWO_FACTOR_CODES = new Set([4007, 4008]);

/**
 * Tip an entry's or a feed's owner. The amount comes from the presets or the field; a tip above
 * the balance is still sent when typed (the server is the judge, and its 4002 is shown), but
 * the form says so first. 4008 asks for the authenticator's code and the same tip is sent again.
 */
export function TipDialog(props: {
  target: TipTarget;
  title: string;
  onClose(): void;
  onTipped?(): void;
}) {
  const { t, i18n } = useTranslation("power");
  const [wallet] = useWallet();
  const [text, setText] = useState("1");
  const [totp, setTotp] = useState("");
  const [askTotp, setAskTotp] = useState(false);
  const action = useMoneyAction();
  const amount = parsePower(text);
  const balance = wallet.status === "ready" ? (wallet.data?.powerToken ?? "0") : null;
  const over = amount !== null && exceeds(amount, balance);

  async function submit() {
    if (!amount) return;
    const done = await action.run((api, headers) =>
      sendTip(api, headers, { amount, target: props.target, totp: askTotp ? totp : undefined }),
    );
    if (done) {
      toast.success(t("tip.sent", { amount: formatPower(amount, i18n.language) }));
      props.onTipped?.();
      props.onClose();
    }
  }
  if (action.refusal?.code !== undefined && TWO_FACTOR_CODES.has(action.refusal.code) && !askTotp)
    setAskTotp(true);

  return (
    <Dialog
      open
      onClose={props.onClose}
      title={t("tip.title")}
      description={t(props.target.kind === "entry" ? "tip.toEntry" : "tip.toFeed", {
        title: props.title,
      })}
      testId="tip-dialog"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        className="space-y-3"
      >
        <BalanceLine wallet={wallet} />
        <AmountPicker
          presets={TIP_PRESETS}
          value={text}
          onChange={(next) => {
            setText(next);
            action.reset();
          }}
          label={t("tip.amount")}
          testId="tip"
        />
        {over ? (
          <p className="text-sm text-amber-700 dark:text-amber-300" data-testid="tip-over-balance">
            {t("overBalance")}
          </p>
        ) : null}
        {askTotp ? (
          <Field
            label={t("totp")}
            inputMode="numeric"
            autoComplete="one-time-code"
            value={totp}
            onChange={(event) => setTotp(event.target.value.trim())}
            data-testid="tip-totp"
          />
        ) : null}
        <RefusalMessage refusal={action.refusal} testId="tip" />
        <DialogActions>
          <Button type="button" variant="ghost" onClick={props.onClose}>
            {t("cancel")}
          </Button>
          <Button
            type="submit"
            loading={action.busy}
            disabled={!amount || (askTotp && totp.length < 6)}
            data-testid="tip-submit"
          >
            {amount
              ? t("tip.submit", { amount: formatPower(amount, i18n.language) })
              : t("tip.title")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
