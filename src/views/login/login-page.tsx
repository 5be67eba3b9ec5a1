import { useSearch } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { browserStorage } from "../../settings/storage.ts";
import { Logo } from "../../ui/logo.tsx";
import { LanguageSwitcher } from "../language-switcher.tsx";
import { type AuthMode, CredentialsForm } from "./credentials-form.tsx";
import { ForgotPasswordForm } from "./forgot-password-form.tsx";
import { greetingKey, hasSignedInBefore } from "./greeting.ts";
import { ResetPasswordForm } from "./reset-password-form.tsx";
import { SocialButtons } from "./social-buttons.tsx";
import { TwoFactorForm } from "./two-factor-form.tsx";

const MODES: AuthMode[] = ["sign-in", "sign-up"];

/** The steps beside the two tabs: a forgotten password, its reset link, a two-factor code. */
type Step = "credentials" | "forgot" | "reset" | "two-factor";

/**
 * /login: sign in or create an account on one page; `?redirect=` says where to go after.
 * A mailed reset link lands on `?mode=reset&token=` (or `&error=` when the link is dead).
 */
export function LoginPage() {
  const { t } = useTranslation();
  const {
    redirect,
    mode: linkMode,
    token,
    error,
  } = useSearch({ strict: false }) as {
    redirect?: string;
    mode?: string;
    token?: string;
    error?: string;
  };
  const [mode, setMode] = useState<AuthMode>("sign-in");
  const [step, setStep] = useState<Step>(() =>
    linkMode === "reset" ? (token ? "reset" : "forgot") : "credentials",
  );
  const [signedInBefore] = useState(() => hasSignedInBefore(browserStorage()));

  return (
    <main
      className="flex min-h-full flex-col items-center justify-center bg-gradient-to-b from-accent-soft/60 to-white px-4 py-10 dark:from-zinc-900 dark:to-zinc-950"
      data-testid="login-page"
    >
      <div className="w-full max-w-sm">
        <div className="mb-8 flex flex-col items-center text-center">
          <Logo size={48} />
          <h1 className="mt-4 text-2xl font-semibold tracking-tight">
            {t(greetingKey(mode, signedInBefore))}
          </h1>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t("app.tagline")}</p>
        </div>

        <div className="rounded-2xl border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
          {step === "credentials" ? (
            <div
              role="tablist"
              aria-label={t("auth.modeLabel")}
              className="mb-6 grid grid-cols-2 rounded-lg bg-zinc-100 p-1 dark:bg-zinc-800"
            >
              {MODES.map((value) => (
                <button
                  key={value}
                  type="button"
                  role="tab"
                  aria-selected={mode === value}
                  onClick={() => setMode(value)}
                  data-testid={`login-tab-${value}`}
                  className={`h-8 rounded-md text-sm font-medium transition-colors ${mode === value ? "bg-white text-zinc-900 shadow-sm dark:bg-zinc-700 dark:text-white" : "text-zinc-600 hover:text-zinc-800 dark:text-zinc-400 dark:hover:text-zinc-200"}`}
                >
                  {value === "sign-in" ? t("auth.signInTab") : t("auth.signUpTab")}
                </button>
              ))}
            </div>
          ) : null}
          {step === "forgot" ? (
            <ForgotPasswordForm
              linkError={linkMode === "reset" && Boolean(error)}
              onBack={() => setStep("credentials")}
            />
          ) : step === "reset" && token ? (
            <ResetPasswordForm token={token} onDone={() => setStep("credentials")} />
          ) : step === "two-factor" ? (
            <TwoFactorForm redirect={redirect} onCancel={() => setStep("credentials")} />
          ) : (
            // Keyed so switching modes starts from a clean form.
            <CredentialsForm
              key={mode}
              mode={mode}
              redirect={redirect}
              onTwoFactor={() => setStep("two-factor")}
              onForgot={() => setStep("forgot")}
            />
          )}
          {step === "credentials" ? (
            <SocialButtons redirect={redirect} error={linkMode === "reset" ? undefined : error} />
          ) : null}
        </div>

        <div className="mt-6 flex justify-center">
          <LanguageSwitcher testId="login-language" compact />
        </div>
      </div>
    </main>
  );
}
