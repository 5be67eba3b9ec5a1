import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { endpointInfo } from "../../../../contract/api/info.ts";
import { ACCOUNT_SETTINGS_PATH } from "../../../../contract/routes.ts";
import type { SessionUser } from "../../../../contract/session.ts";
import { useAppServices } from "../../../runtime/app-services.tsx";
import { Button } from "../../../ui/button.tsx";
import { Field } from "../../../ui/fields.tsx";
import { SettingsSection } from "../../../ui/setting-rows.tsx";
import { FormMessage } from "./form-message.tsx";
import { useAccountAction } from "./use-account-action.ts";

/** Where the mailed links land: this page, which then shows the new state. */

/** The address, whether it is verified (with a resend), and changing it. */
export function EmailSection({ user }: { user: SessionUser }) {
  const { t } = useTranslation("accounts");
  const { api } = useAppServices();
  const resend = useAccountAction();
  const change = useAccountAction();
  const [resent, setResent] = useState(false);
  const [newEmail, setNewEmail] = useState("");
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function sendVerification() {
    const done = await resend.run(() =>
      api.call(
        endpointInfo.auth.sendVerificationEmail,
        { email: user.email, callbackURL: ACCOUNT_SETTINGS_PATH },
        { silent: true },
      ),
    );
    if (done) setResent(true);
  }

  async function changeEmail(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = newEmail.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) {
      change.setError({ message: t("email.invalid") });
      return;
    }
    const done = await change.run(() =>
      api.call(
        endpointInfo.auth.changeEmail,
        { newEmail: address, callbackURL: ACCOUNT_SETTINGS_PATH },
        { silent: true },
      ),
    );
    if (done) {
      setSentTo(address);
      setNewEmail("");
    }
  }

  return (
    <SettingsSection title={t("email.title")}>
      <div className="flex flex-wrap items-center justify-between gap-3 p-4">
        <div className="min-w-0">
          <p className="font-medium break-all" data-testid="account-email">
            {user.email}
          </p>
          <p
            className={`text-sm ${user.emailVerified ? "text-emerald-700 dark:text-emerald-400" : "text-amber-700 dark:text-amber-400"}`}
            data-testid="account-email-status"
            data-verified={user.emailVerified}
          >
            {user.emailVerified ? t("email.verified") : t("email.unverified")}
          </p>
        </div>
        {user.emailVerified ? null : (
          <Button
            variant="outline"
            size="sm"
            loading={resend.busy}
            disabled={resent}
            onClick={() => void sendVerification()}
            data-testid="account-resend-verification"
          >
            {t("email.resend")}
          </Button>
        )}
      </div>
      {resend.error || resent ? (
        <div className="p-4">
          <FormMessage
            error={resend.error}
            success={resent ? t("email.resent", { email: user.email }) : null}
            testId="account-resend"
          />
        </div>
      ) : null}
      <form className="space-y-3 p-4" onSubmit={changeEmail} noValidate>
        <Field
          label={t("email.newLabel")}
          hint={t("email.newHint")}
          type="email"
          autoComplete="email"
          value={newEmail}
          onChange={(event) => setNewEmail(event.target.value)}
          data-testid="account-new-email"
        />
        <FormMessage
          error={change.error}
          success={sentTo ? t("email.changeSent", { email: sentTo }) : null}
          testId="account-change-email"
        />
        <Button
          type="submit"
          size="sm"
          loading={change.busy}
          disabled={!newEmail.trim()}
          data-testid="account-change-email-submit"
        >
          {t("email.change")}
        </Button>
      </form>
    </SettingsSection>
  );
}
