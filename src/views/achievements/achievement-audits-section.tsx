import { useTranslation } from "react-i18next";
import type { AchievementId } from "../../../contract/api/achievements.ts";
import { endpointInfo } from "../../../contract/api/info.ts";
import { useAppServices } from "../../runtime/app-services.tsx";
import { useReloadableRead } from "../../services/server-read.ts";
import { useSession } from "../../session/session-context.tsx";
import { Button } from "../../ui/button.tsx";
import { SettingsSection } from "../../ui/setting-rows.tsx";
import { FormMessage } from "../settings/account/form-message.tsx";
import { useAccountAction } from "../settings/account/use-account-action.ts";

/**
 * Operators only: achievements claimed and waiting for an audit, each confirmed (its POWER
 * paid) or refused (the person may claim again). Renders nothing for anyone else.
 */
export function AchievementAuditsSection() {
  const { role } = useSession();
  return role === "admin" ? <Audits /> : null;
}

function Audits() {
  const { t } = useTranslation("claims");
  const { api } = useAppServices();
  const action = useAccountAction();
  const [read, reload] = useReloadableRead(
    api,
    "achievement-audits",
    async (client, _k, signal) => {
      const answer = await client.call(
        endpointInfo.achievements.audits,
        {},
        { signal, silent: true },
      );
      return answer.data;
    },
  );

  async function settle(userId: string, id: AchievementId, approve: boolean) {
    const done = await action.run(() =>
      api.call(endpointInfo.achievements.audit, { userId, id, approve }, { silent: true }),
    );
    if (done) await reload();
  }

  const waiting = read.status === "ready" ? read.data : [];
  return (
    <SettingsSection title={t("audits.title")}>
      <div data-testid="achievement-audits">
        {action.error ? (
          <div className="px-4 pt-3">
            <FormMessage error={action.error} testId="achievement-audits" />
          </div>
        ) : null}
        {read.status === "ready" && waiting.length === 0 ? (
          <p className="p-4 text-sm text-zinc-600 dark:text-zinc-400">{t("audits.none")}</p>
        ) : null}
        <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {waiting.map((audit) => (
            <li
              key={`${audit.userId}:${audit.achievementId}`}
              className="flex items-center gap-3 p-4"
              data-testid="achievement-audit-row"
            >
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium">
                  {t(`achievements.names.${audit.achievementId}`)}
                </p>
                <p className="truncate text-xs text-zinc-600 dark:text-zinc-400">
                  {t("audits.who", { userId: audit.userId, at: audit.requestedAt.slice(0, 10) })}
                </p>
              </div>
              <Button
                variant="outline"
                size="sm"
                disabled={action.busy}
                onClick={() => void settle(audit.userId, audit.achievementId, false)}
              >
                {t("audits.refuse")}
              </Button>
              <Button
                size="sm"
                disabled={action.busy}
                onClick={() => void settle(audit.userId, audit.achievementId, true)}
              >
                {t("audits.confirm")}
              </Button>
            </li>
          ))}
        </ul>
      </div>
    </SettingsSection>
  );
}
