import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { endpointInfo } from "../../../../contract/api/info.ts";
import type { SessionUser } from "../../../../contract/session.ts";
import { useAppServices } from "../../../runtime/app-services.tsx";
import { useRuntime } from "../../../runtime/runtime-context.tsx";
import { useSessionService } from "../../../session/session-context.tsx";
import { Button } from "../../../ui/button.tsx";
import { Field } from "../../../ui/fields.tsx";
import { SettingsSection } from "../../../ui/setting-rows.tsx";
import { FormMessage } from "./form-message.tsx";
import { useAccountAction } from "./use-account-action.ts";
import { useHasPassword } from "./use-has-password.ts";

/**
 * Delete the account: the password, and the TOTP code when two-factor is on. Afterwards this
 * browser forgets the user too: the cached session (whoami and role) and the local database
 * (its users table with the isMe row among the rest).
 */
export function DeleteSection({ user }: { user: SessionUser }) {
  const { t } = useTranslation("accounts");
  const { api } = useAppServices();
  const reader = useRuntime();
  const session = useSessionService();
  const action = useAccountAction();
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [sure, setSure] = useState(false);
  // An account made through a provider may have no password (until one is set).
  const hasPassword = useHasPassword() ?? true;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = {
      ...(hasPassword ? { password } : {}),
      ...(user.twoFactorEnabled ? { TOTPCode: code.trim() } : {}),
    };
    const done = await action.run(() =>
      api.call(endpointInfo.auth.deleteUser, input, { silent: true }),
    );
    if (!done) return;
    await reader?.engine.stop();
    await reader?.db.reset();
    session.markSignedOut();
    window.location.assign("/login");
  }

  return (
    <SettingsSection title={t("delete.title")}>
      <form className="space-y-3 p-4" onSubmit={submit} noValidate>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("delete.hint")}</p>
        {hasPassword ? (
          <Field
            label={t("delete.password")}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            data-testid="delete-account-password"
          />
        ) : null}
        {user.twoFactorEnabled ? (
          <Field
            label={t("delete.code")}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, ""))}
            data-testid="delete-account-code"
          />
        ) : null}
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={sure}
            onChange={(event) => setSure(event.target.checked)}
            data-testid="delete-account-sure"
          />
          {t("delete.sure")}
        </label>
        <FormMessage error={action.error} testId="delete-account" />
        <Button
          type="submit"
          size="sm"
          variant="outline"
          className="text-red-700 dark:text-red-300"
          loading={action.busy}
          disabled={
            !sure || (hasPassword && !password) || (user.twoFactorEnabled && code.length !== 6)
          }
          data-testid="delete-account"
        >
          {t("delete.action")}
        </Button>
      </form>
    </SettingsSection>
  );
}
