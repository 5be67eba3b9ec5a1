import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import "../../ui/accent-ink.css";
import { endpointInfo } from "../../../contract/api/info.ts";
import { useAppServices } from "../../runtime/app-services.tsx";
import { Button } from "../../ui/button.tsx";
import { Field } from "../../ui/fields.tsx";
import { FormMessage } from "../settings/account/form-message.tsx";
import { useAccountAction } from "../settings/account/use-account-action.ts";

/** Where the reset link lands: this page, which then asks for the new password. */
export const RESET_LANDING = "/login?mode=reset";

/** "Forgot password": mails a reset link; the answer is the same whether the address is known. */
export function ForgotPasswordForm(props: { linkError?: boolean; onBack(): void }) {
  const { t } = useTranslation("accounts");
  const { api } = useAppServices();
  const action = useAccountAction();
  const [email, setEmail] = useState("");
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    if (!address) return action.setError({ message: t("forgot.missingEmail") });
    const done = await action.run(() =>
      api.call(
        endpointInfo.auth.requestPasswordReset,
        { email: address, redirectTo: RESET_LANDING },
        { silent: true },
      ),
    );
    if (done) setSentTo(address);
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="forgot-form">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("forgot.intro")}</p>
      {props.linkError ? (
        <FormMessage error={{ message: t("forgot.linkInvalid") }} testId="forgot-link" />
      ) : null}
      <Field
        label={t("forgot.email")}
        type="email"
        autoComplete="username"
        inputMode="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        data-testid="forgot-email"
      />
      <FormMessage
        error={action.error}
        success={sentTo ? t("forgot.sent", { email: sentTo }) : null}
        testId="forgot"
      />
      <Button
        type="submit"
        size="lg"
        className="w-full"
        loading={action.busy}
        data-testid="forgot-submit"
      >
        {t("forgot.send")}
      </Button>
      <button
        type="button"
        className="text-sm text-accent-ink hover:underline"
        onClick={props.onBack}
        data-testid="forgot-back"
      >
        {t("signIn.back")}
      </button>
    </form>
  );
}
