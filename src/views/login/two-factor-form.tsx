import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import "../../ui/accent-ink.css";
import { sanitizeRedirect } from "../../platform/redirect.ts";
import { useSessionService } from "../../session/session-context.tsx";
import { browserStorage } from "../../settings/storage.ts";
import { Button } from "../../ui/button.tsx";
import { Field } from "../../ui/fields.tsx";
import { FormMessage } from "../settings/account/form-message.tsx";
import { useAccountAction } from "../settings/account/use-account-action.ts";
import { rememberSignedIn } from "./greeting.ts";

/** The second step of a sign-in with two-factor on: a TOTP code, or one of the backup codes. */
export function TwoFactorForm({ redirect, onCancel }: { redirect?: string; onCancel(): void }) {
  const { t } = useTranslation("accounts");
  const session = useSessionService();
  const navigate = useNavigate();
  const action = useAccountAction();
  const [kind, setKind] = useState<"totp" | "backup">("totp");
  const [code, setCode] = useState("");

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const state = await action.run(() => session.verifySecondFactor(code.trim(), kind));
    if (state?.status !== "authenticated") return;
    rememberSignedIn(browserStorage());
    await navigate({ href: sanitizeRedirect(redirect), replace: true });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="two-factor-form">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        {kind === "totp" ? t("signIn.totpPrompt") : t("signIn.backupPrompt")}
      </p>
      <Field
        key={kind}
        label={kind === "totp" ? t("signIn.totpLabel") : t("signIn.backupLabel")}
        inputMode={kind === "totp" ? "numeric" : "text"}
        autoComplete="one-time-code"
        autoFocus
        value={code}
        onChange={(event) =>
          setCode(kind === "totp" ? event.target.value.replace(/\D/g, "") : event.target.value)
        }
        maxLength={kind === "totp" ? 6 : 32}
        data-testid="login-two-factor-code"
      />
      <FormMessage error={action.error} testId="login-two-factor" />
      <Button
        type="submit"
        size="lg"
        className="w-full"
        loading={action.busy}
        disabled={kind === "totp" ? code.length !== 6 : !code.trim()}
        data-testid="login-two-factor-submit"
      >
        {t("signIn.verify")}
      </Button>
      <div className="flex justify-between text-sm">
        <button
          type="button"
          className="text-accent-ink hover:underline"
          onClick={() => {
            setKind(kind === "totp" ? "backup" : "totp");
            setCode("");
          }}
          data-testid="login-two-factor-switch"
        >
          {kind === "totp" ? t("signIn.useBackup") : t("signIn.useTotp")}
        </button>
        <button type="button" className="text-zinc-500 hover:underline" onClick={onCancel}>
          {t("signIn.back")}
        </button>
      </div>
    </form>
  );
}
