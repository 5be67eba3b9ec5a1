import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../ui/button.tsx";
import { Field } from "../../ui/fields.tsx";
import { SettingsSection } from "../../ui/setting-rows.tsx";
import { toast } from "../../ui/toaster.tsx";
import { formatPower, parsePower } from "./amount.ts";
import { useMoneyAction } from "./money-action.ts";
import { RefusalMessage } from "./refusal-message.tsx";
import { withdraw } from "./wallet-calls.ts";

/**
 * Withdraw cashable POWER to an address: recorded at once, paid out when the operator settles
 * it (the transactions show it then). Two-factor is asked for when the server says so (4008).
 */
export function WithdrawSection(props: { onDone(): void }) {
  const { t, i18n } = useTranslation("power");
  const [text, setText] = useState("");
  const [address, setAddress] = useState("");
  const [totp, setTotp] = useState("");
  const action = useMoneyAction();
  const amount = parsePower(text);
  const askTotp = action.refusal?.code === 4008 || action.refusal?.code === 4007 || totp !== "";

  async function submit() {
    if (!amount || !address.trim()) return;
    const done = await action.run((api, headers) =>
      withdraw(api, headers, { amount, address: address.trim(), totp: totp || undefined }),
    );
    if (done) {
      toast.success(t("withdraw.sent", { amount: formatPower(amount, i18n.language) }));
      setText("");
      setTotp("");
      props.onDone();
    }
  }

  return (
    <SettingsSection title={t("withdraw.title")}>
      <form
        className="grid gap-3 p-4 sm:grid-cols-[1fr_2fr_auto] sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        data-testid="withdraw-form"
      >
        <Field
          label={t("withdraw.amount")}
          inputMode="decimal"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            action.reset();
          }}
          data-testid="withdraw-amount"
        />
        <Field
          label={t("withdraw.address")}
          value={address}
          onChange={(event) => setAddress(event.target.value)}
          data-testid="withdraw-address"
        />
        <Button
          type="submit"
          loading={action.busy}
          disabled={!amount || !address.trim()}
          data-testid="withdraw-submit"
        >
          {t("withdraw.submit")}
        </Button>
        {askTotp ? (
          <Field
            label={t("totp")}
            inputMode="numeric"
            autoComplete="one-time-code"
            value={totp}
            onChange={(event) => setTotp(event.target.value.trim())}
            data-testid="withdraw-totp"
          />
        ) : null}
      </form>
      <div className="px-4 pb-4">
        <p className="text-xs text-zinc-500">{t("withdraw.hint")}</p>
        <RefusalMessage refusal={action.refusal} testId="withdraw" />
      </div>
    </SettingsSection>
  );
}
