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

/** Change the password: the current one is required; every other session is signed out. */
export function PasswordSection() {
  const { t } = useTranslation("accounts");
  const { api } = useAppServices();
  const action = useAccountAction();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [changed, setChanged] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setChanged(false);
    if (next.length < MIN_PASSWORD_LENGTH) {
      action.setError({ message: t("password.tooShort", { count: MIN_PASSWORD_LENGTH }) });
      return;
    }
    const weak = weakPasswordKey(next);
    if (weak) return action.setError({ message: t(weak) });
    const done = await action.run(() =>
      api.call(
        endpointInfo.auth.changePassword,
        { currentPassword: current, newPassword: next, revokeOtherSessions: true },
        { silent: true },
      ),
    );
    if (done) {
      setChanged(true);
      setCurrent("");
      setNext("");
    }
  }

  return (
    <SettingsSection title={t("password.title")}>
      <form className="space-y-3 p-4" onSubmit={submit} noValidate>
        <Field
          label={t("password.current")}
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(event) => setCurrent(event.target.value)}
          data-testid="account-current-password"
        />
        <Field
          label={t("password.new")}
          hint={t("password.newHint", { count: MIN_PASSWORD_LENGTH })}
          type="password"
          autoComplete="new-password"
          value={next}
          onChange={(event) => setNext(event.target.value)}
          data-testid="account-new-password"
        />
        <FormMessage
          error={action.error}
          success={changed ? t("password.changed") : null}
          testId="account-password"
        />
        <Button
          type="submit"
          size="sm"
          loading={action.busy}
          disabled={!current || !next}
          data-testid="account-change-password"
        >
          {t("password.change")}
        </Button>
      </form>
    </SettingsSection>
  );
}
