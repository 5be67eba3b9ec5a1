import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { endpointInfo } from "../../../../contract/api/info.ts";
import { useAppServices } from "../../../runtime/app-services.tsx";
import { Button } from "../../../ui/button.tsx";
import { SettingsSection } from "../../../ui/setting-rows.tsx";
import { FormMessage } from "./form-message.tsx";
import { useAccountAction } from "./use-account-action.ts";

interface ActiveSession {
  id: string;
  token: string;
  userAgent?: string | null;
  updatedAt: string;
}

/** A short device name from a user agent: browser and system, or the raw text cut short. */
export function deviceOf(userAgent: string | null | undefined): string {
  if (!userAgent) return "";
  const browser = /(Edg|OPR|Firefox|Chrome|Safari)\/[\d.]+/.exec(userAgent)?.[1];
  const system = /(Windows|Mac OS X|Android|iPhone|iPad|Linux|CrOS)/.exec(userAgent)?.[1];
  const names: Record<string, string> = {
    Edg: "Edge",
    OPR: "Opera",
    "Mac OS X": "macOS",
    CrOS: "ChromeOS",
  };
  if (!browser && !system) return userAgent.slice(0, 60);
  return [browser && (names[browser] ?? browser), system && (names[system] ?? system)]
    .filter(Boolean)
    .join(" · ");
}

/** Active sessions with device and last seen; revoke one, or all the others. */
export function SessionsSection() {
  const { t, i18n } = useTranslation("accounts");
  const { api } = useAppServices();
  const action = useAccountAction();
  const [sessions, setSessions] = useState<ActiveSession[] | null>(null);
  const [currentId, setCurrentId] = useState<string | null>(null);

  const load = useCallback(async () => {
    const [listed, current] = await Promise.all([
      api.call(endpointInfo.auth.listSessions, {}, { silent: true }).catch(() => null),
      api.call(endpointInfo.auth.getSession, {}, { silent: true }).catch(() => null),
    ]);
    if (listed) setSessions([...listed].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)));
    setCurrentId(current?.session.id ?? null);
  }, [api]);
  useEffect(() => {
    void load();
  }, [load]);

  async function revoke(token: string) {
    const done = await action.run(() =>
      api.call(endpointInfo.auth.revokeSession, { token }, { silent: true }),
    );
    if (done) await load();
  }

  async function revokeOthers() {
    const done = await action.run(() =>
      api.call(endpointInfo.auth.revokeOtherSessions, {}, { silent: true }),
    );
    if (done) await load();
  }

  const format = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: "medium",
    timeStyle: "short",
  });
  return (
    <SettingsSection title={t("sessions.title")}>
      <ul data-testid="sessions">
        {(sessions ?? []).map((session) => {
          const current = session.id === currentId;
          return (
            <li
              key={session.id}
              className="flex items-center justify-between gap-3 p-4"
              data-testid="session-row"
              data-current={current}
            >
              <div className="min-w-0">
                <p className="truncate font-medium">
                  {deviceOf(session.userAgent) || t("sessions.unknownDevice")}
                  {current ? ` · ${t("sessions.current")}` : ""}
                </p>
                <p className="text-sm text-zinc-500">
                  {t("sessions.lastSeen", { time: format.format(new Date(session.updatedAt)) })}
                </p>
              </div>
              {current ? null : (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={action.busy}
                  onClick={() => void revoke(session.token)}
                  data-testid="session-revoke"
                >
                  {t("sessions.revoke")}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {(sessions?.length ?? 0) > 1 ? (
        <div className="p-4">
          <Button
            variant="outline"
            size="sm"
            loading={action.busy}
            onClick={() => void revokeOthers()}
            data-testid="sessions-revoke-others"
          >
            {t("sessions.revokeOthers")}
          </Button>
        </div>
      ) : null}
      {action.error ? (
        <div className="p-4">
          <FormMessage error={action.error} testId="sessions" />
        </div>
      ) : null}
    </SettingsSection>
  );
}
