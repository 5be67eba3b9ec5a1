import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { endpointInfo } from "../../../contract/api/info.ts";
import { useAppServices } from "../../runtime/app-services.tsx";
import { Button } from "../../ui/button.tsx";
import { Field } from "../../ui/fields.tsx";
import { FormMessage } from "../settings/account/form-message.tsx";
import { MIN_PASSWORD_LENGTH, weakPasswordKey } from "../settings/account/password-rules.ts";
import { useAccountAction } from "../settings/account/use-account-action.ts";

/** The reset link's landing: choose the new password (the token from the link, used once). */
export function ResetPasswordForm(props: { token: string; onDone(): void }) {
  const { t } = useTranslation("accounts");
  const { api } = useAppServices();
  const action = useAccountAction();
  const [password, setPassword] = useState("");
  const [done, setDone] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password.length < MIN_PASSWORD_LENGTH) {
      return action.setError({ message: t("password.tooShort", { count: MIN_PASSWORD_LENGTH }) });
    }
    const weak = weakPasswordKey(password);
    if (weak) return action.setError({ message: t(weak) });
    const answer = await action.run(() =>
      api.call(
        endpointInfo.auth.resetPassword,
        { token: props.token, newPassword: password },
        { silent: true },
      ),
    );
    if (answer) setDone(true);
  }

  if (done) {
    return (
      <div className="space-y-4" data-testid="reset-done">
        <FormMessage success={t("reset.done")} testId="reset" />
        <Button size="lg" className="w-full" onClick={props.onDone} data-testid="reset-sign-in">
          {t("reset.signIn")}
        </Button>
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="reset-form">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("reset.intro")}</p>
      <Field
        label={t("password.new")}
        hint={t("password.newHint", { count: MIN_PASSWORD_LENGTH })}
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        data-testid="reset-password"
      />
      <FormMessage error={action.error} testId="reset" />
      <Button
        type="submit"
        size="lg"
        className="w-full"
        loading={action.busy}
        data-testid="reset-submit"
      >
        {t("reset.save")}
      </Button>
    </form>
  );
}
