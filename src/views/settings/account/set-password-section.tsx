import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { endpointInfo } from "../../../../contract/api/info.ts";
import { useAppServices } from "../../../runtime/app-services.tsx";
import { Button } from "../../../ui/button.tsx";
import { Field } from "../../../ui/fields.tsx";
import { SettingsSection } from "../../../ui/setting-rows.tsx";
import { FormMessage } from "./form-message.tsx";
import { MIN_PASSWORD_LENGTH, weakPasswordKey } from "./password-rules.ts";
import { useAccountAction } from "./use-account-action.ts";
import { accountsChanged } from "./use-has-password.ts";

/**
 * For an account that signs in only through a provider: choose a password, so the e-mail
 * address and a password sign in too (and the provider can be unlinked).
 */
export function SetPasswordSection() {
  const { t } = useTranslation("onboarding");
  const { api } = useAppServices();
  const action = useAccountAction();
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password.length < MIN_PASSWORD_LENGTH) {
      action.setError({ message: t("setPassword.tooShort", { count: MIN_PASSWORD_LENGTH }) });
      return;
    }
    const weak = weakPasswordKey(password);
    if (weak) return action.setError({ message: t(weak) });
    if (password !== repeat) {
      action.setError({ message: t("setPassword.mismatch") });
      return;
    }
    const done = await action.run(() =>
      api.call(endpointInfo.auth.setPassword, { newPassword: password }, { silent: true }),
    );
    if (done) accountsChanged();
  }

  return (
    <SettingsSection title={t("setPassword.title")}>
      <form className="space-y-3 p-4" onSubmit={submit} noValidate data-testid="set-password-form">
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("setPassword.hint")}</p>
        <Field
          label={t("setPassword.new")}
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          data-testid="set-password-new"
        />
        <Field
          label={t("setPassword.repeat")}
          type="password"
          autoComplete="new-password"
          value={repeat}
          onChange={(event) => setRepeat(event.target.value)}
          data-testid="set-password-repeat"
        />
        <FormMessage error={action.error} testId="set-password" />
        <Button
          type="submit"
          size="sm"
          loading={action.busy}
          disabled={!password || !repeat}
          data-testid="set-password-submit"
        >
          {t("setPassword.submit")}
        </Button>
      </form>
    </SettingsSection>
  );
}
