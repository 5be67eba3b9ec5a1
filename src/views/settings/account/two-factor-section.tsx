import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { endpointInfo } from "../../../../contract/api/info.ts";
import type { SessionUser } from "../../../../contract/session.ts";
import { useAppServices } from "../../../runtime/app-services.tsx";
import { useSessionService } from "../../../session/session-context.tsx";
import { Button } from "../../../ui/button.tsx";
import { Field } from "../../../ui/fields.tsx";
import { SettingsSection } from "../../../ui/setting-rows.tsx";
import { FormMessage } from "./form-message.tsx";
import { useAccountAction } from "./use-account-action.ts";

type Step =
  | { kind: "idle" }
  | { kind: "scan"; totpURI: string; backupCodes: readonly string[] }
  | { kind: "backup"; backupCodes: readonly string[] };

/** The QR code of the TOTP URI, drawn here (no outside service sees the secret). */
function TotpQrCode({ uri }: { uri: string }) {
  const { t } = useTranslation("accounts");
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import("qrcode").then(({ toDataURL }) =>
      toDataURL(uri, { margin: 1, width: 192 }).then((url) => live && setSrc(url)),
    );
    return () => {
      live = false;
    };
  }, [uri]);
  const secret = new URL(uri).searchParams.get("secret") ?? "";
  return (
    <div className="flex flex-wrap items-center gap-4">
      {src ? (
        <img
          src={src}
          width={192}
          height={192}
          alt={t("twoFactor.qrAlt")}
          className="rounded-lg border border-zinc-200 bg-white dark:border-zinc-700"
          data-testid="two-factor-qr"
        />
      ) : (
        <div className="h-48 w-48 animate-pulse rounded-lg bg-zinc-100 dark:bg-zinc-800" />
      )}
      <div className="min-w-0 text-sm">
        <p className="text-zinc-600 dark:text-zinc-400">{t("twoFactor.manual")}</p>
        <code className="mt-1 block font-mono break-all select-all" data-testid="two-factor-secret">
          {secret}
        </code>
      </div>
    </div>
  );
}

/** Two-factor (TOTP): on with the password, a scanned QR code and a confirmed code; off with the password. */
export function TwoFactorSection({ user }: { user: SessionUser }) {
  const { t } = useTranslation("accounts");
  const { api } = useAppServices();
  const session = useSessionService();
  const action = useAccountAction();
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [step, setStep] = useState<Step>({ kind: "idle" });

  async function submitPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (user.twoFactorEnabled) {
      const done = await action.run(() =>
        api.call(endpointInfo.auth.disableTwoFactor, { password }, { silent: true }),
      );
      if (done) {
        setPassword("");
        await session.refresh();
      }
      return;
    }
    const answer = await action.run(() =>
      api.call(endpointInfo.auth.enableTwoFactor, { password }, { silent: true }),
    );
    if (answer) {
      setPassword("");
      setStep({ kind: "scan", totpURI: answer.totpURI, backupCodes: answer.backupCodes });
    }
  }

  async function confirmCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (step.kind !== "scan") return;
    const done = await action.run(() =>
      api.call(endpointInfo.auth.verifyTotp, { code: code.trim() }, { silent: true }),
    );
    if (done) {
      setCode("");
      setStep({ kind: "backup", backupCodes: step.backupCodes });
    }
  }

  async function finish() {
    setStep({ kind: "idle" });
    await session.refresh();
  }

  return (
    <SettingsSection title={t("twoFactor.title")}>
      <div className="p-4">
        <p
          className="font-medium"
          data-testid="two-factor-status"
          data-enabled={user.twoFactorEnabled}
        >
          {user.twoFactorEnabled || step.kind === "backup" ? t("twoFactor.on") : t("twoFactor.off")}
        </p>
        <p className="text-sm text-zinc-500 dark:text-zinc-400">{t("twoFactor.hint")}</p>
      </div>
      {step.kind === "scan" ? (
        <form className="space-y-3 p-4" onSubmit={confirmCode} noValidate>
          <p className="text-sm">{t("twoFactor.scan")}</p>
          <TotpQrCode uri={step.totpURI} />
          <Field
            label={t("twoFactor.code")}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, ""))}
            data-testid="two-factor-code"
          />
          <FormMessage error={action.error} testId="two-factor-confirm" />
          <Button
            type="submit"
            size="sm"
            loading={action.busy}
            disabled={code.length !== 6}
            data-testid="two-factor-confirm"
          >
            {t("twoFactor.confirm")}
          </Button>
        </form>
      ) : step.kind === "backup" ? (
        <div className="space-y-3 p-4">
          <p className="text-sm">{t("twoFactor.backupIntro")}</p>
          <ul
            className="grid grid-cols-2 gap-1 font-mono text-sm sm:grid-cols-3"
            data-testid="two-factor-backup-codes"
          >
            {step.backupCodes.map((backup) => (
              <li key={backup} className="select-all">
                {backup}
              </li>
            ))}
          </ul>
          <Button size="sm" onClick={() => void finish()} data-testid="two-factor-done">
            {t("twoFactor.done")}
          </Button>
        </div>
      ) : (
        <form className="space-y-3 p-4" onSubmit={submitPassword} noValidate>
          {!user.emailVerified && !user.twoFactorEnabled ? (
            <p
              className="text-sm text-amber-700 dark:text-amber-400"
              data-testid="two-factor-needs-verified"
            >
              {t("twoFactor.needsVerified")}
            </p>
          ) : null}
          <Field
            label={t("twoFactor.password")}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            data-testid="two-factor-password"
          />
          <FormMessage error={action.error} testId="two-factor" />
          <Button
            type="submit"
            size="sm"
            variant={user.twoFactorEnabled ? "outline" : "primary"}
            loading={action.busy}
            disabled={!password}
            data-testid={user.twoFactorEnabled ? "two-factor-disable" : "two-factor-enable"}
          >
            {user.twoFactorEnabled ? t("twoFactor.disable") : t("twoFactor.enable")}
          </Button>
        </form>
      )}
    </SettingsSection>
  );
}
