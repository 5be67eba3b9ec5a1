import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import "../../ui/accent-ink.css";
import { translate } from "../../i18n/index.ts";
import { sanitizeRedirect } from "../../platform/redirect.ts";
import { type AuthErrorText, authErrorMessage } from "../../session/auth-error.ts";
import { useSessionService } from "../../session/session-context.tsx";
import { browserStorage } from "../../settings/storage.ts";
import { Button } from "../../ui/button.tsx";
import { Field } from "../../ui/fields.tsx";
import { markGuidePending } from "../onboarding/guide-store.ts";
import { MIN_PASSWORD_LENGTH, weakPasswordKey } from "../settings/account/password-rules.ts";
import { rememberSignedIn } from "./greeting.ts";

export type AuthMode = "sign-in" | "sign-up";

/** E-mail and password sign-in, or name, e-mail and password sign-up. Errors show inline. */
export function CredentialsForm({
  mode,
  redirect,
  onTwoFactor,
  onForgot,
}: {
  mode: AuthMode;
  redirect?: string;
  /** The password was right and two-factor is on: ask for the code. */
  onTwoFactor(): void;
  onForgot(): void;
}) {
  // "accounts" loads after the start (LATER_NAMESPACES): naming it waits for its strings.
  const { t } = useTranslation(["app", "accounts"]);
  const session = useSessionService();
  const navigate = useNavigate();
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<AuthErrorText | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const signingUp = mode === "sign-up";

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const trimmedEmail = email.trim();
    if (!trimmedEmail || !password) {
      // A credential login without e-mail or password goes (back) to /login.
      setError({ message: t("auth.missingCredentials") });
      await navigate({ to: "/login", search: { redirect }, replace: true });
      return;
    }
    if (signingUp && !name.trim()) return setError({ message: t("auth.missingName") });
    if (signingUp && password.length < MIN_PASSWORD_LENGTH) {
      return setError({ message: t("auth.passwordTooShort", { count: MIN_PASSWORD_LENGTH }) });
    }
    const weak = signingUp ? weakPasswordKey(password) : undefined;
    if (weak) return setError({ message: t(weak) });

    setSubmitting(true);
    try {
      const state = signingUp
        ? await session.signUp({ name: name.trim(), email: trimmedEmail, password })
        : await session.signIn({ email: trimmedEmail, password });
      if ("checkInbox" in state && state.checkInbox) {
        // The address already had an account with another password; nothing was created.
        setError({ message: t("errors:signUp.refused") });
        return;
      }
      if ("twoFactorRequired" in state && state.twoFactorRequired) {
        onTwoFactor();
        return;
      }
      if (state.status !== "authenticated") {
        setError({ message: t("auth.sessionMissing") });
        return;
      }
      rememberSignedIn(browserStorage());
      if (signingUp) markGuidePending(browserStorage());
      await navigate({ href: sanitizeRedirect(redirect), replace: true });
    } catch (cause) {
      setError(
        authErrorMessage(cause, translate, {
          network: t("auth.networkError"),
          unknown: t("auth.unknownError"),
        }),
      );
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid={`${mode}-form`}>
      {signingUp ? (
        <Field
          label={t("auth.name")}
          name="name"
          autoComplete="name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          data-testid="login-name"
          required
        />
      ) : null}
      <Field
        label={t("auth.email")}
        name="email"
        type="email"
        autoComplete={signingUp ? "email" : "username"}
        inputMode="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        data-testid="login-email"
        required
      />
      <Field
        label={t("auth.password")}
        name="password"
        type="password"
        autoComplete={signingUp ? "new-password" : "current-password"}
        hint={signingUp ? t("auth.passwordHint", { count: MIN_PASSWORD_LENGTH }) : undefined}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        data-testid="login-password"
        required
      />
      {error ? (
        <p
          role="alert"
          data-testid="login-error"
          className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-300"
        >
          <span className="block font-medium">{error.message}</span>
          {error.reason ? <span className="mt-0.5 block">{error.reason}</span> : null}
        </p>
      ) : null}
      <Button
        type="submit"
        size="lg"
        className="w-full"
        loading={submitting}
        data-testid="login-submit"
      >
        {signingUp ? t("auth.signUp") : t("auth.signIn")}
      </Button>
      {signingUp ? null : (
        <button
          type="button"
          className="block text-sm text-accent-ink hover:underline"
          onClick={onForgot}
          data-testid="login-forgot"
        >
          {t("accounts:signIn.forgot")}
        </button>
      )}
    </form>
  );
}
