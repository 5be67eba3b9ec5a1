import { useSearch } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { useSession } from "../../session/session-context.tsx";
import { PageHeader } from "../page.tsx";
import { DeleteSection } from "./account/delete-section.tsx";
import { EmailSection } from "./account/email-section.tsx";
import { FormMessage } from "./account/form-message.tsx";
import { LinkedAccountsSection } from "./account/linked-accounts-section.tsx";
import { PasswordSection } from "./account/password-section.tsx";
import { SessionsSection } from "./account/sessions-section.tsx";
import { SetPasswordSection } from "./account/set-password-section.tsx";
import { TwoFactorSection } from "./account/two-factor-section.tsx";
import { useHasPassword } from "./account/use-has-password.ts";

/** What a mailed link that did not work says when it lands here (`?error=`). */
const LINK_ERRORS: Record<string, string> = {
  TOKEN_USED: "linkUsed",
  TOKEN_EXPIRED: "linkExpired",
  INVALID_TOKEN: "linkInvalid",
  INVALID_USER: "linkOtherUser",
};

/**
 * /settings/account: e-mail and its verification, password, two-factor, linked sign-in
 * accounts, active sessions, deleting the account.
 */
export function AccountSettingsPage() {
  const { t } = useTranslation("accounts");
  const { user } = useSession();
  const hasPassword = useHasPassword();
  const { error } = useSearch({ strict: false }) as { error?: string };
  const linkError = error ? (LINK_ERRORS[error] ?? "linkInvalid") : undefined;
  return (
    <section data-testid="settings-page-account">
      <PageHeader title={t("title")} description={t("description")} />
      <div className="space-y-6 p-6">
        {linkError ? (
          <FormMessage error={{ message: t(`email.${linkError}`) }} testId="account-link" />
        ) : null}
        {user ? (
          <>
            <EmailSection user={user} />
            {hasPassword === true ? <PasswordSection /> : null}
            {hasPassword === false ? <SetPasswordSection /> : null}
            <TwoFactorSection user={user} />
            <LinkedAccountsSection />
            <SessionsSection />
            <DeleteSection user={user} />
          </>
        ) : null}
      </div>
    </section>
  );
}
