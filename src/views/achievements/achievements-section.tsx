import { useTranslation } from "react-i18next";
import type { Achievement } from "../../../contract/api/achievements.ts";
import { endpointInfo } from "../../../contract/api/info.ts";
import { useAppServices } from "../../runtime/app-services.tsx";
import { useReloadableRead } from "../../services/server-read.ts";
import { Button } from "../../ui/button.tsx";
import { SettingsSection } from "../../ui/setting-rows.tsx";
import { FormMessage } from "../settings/account/form-message.tsx";
import { useAccountAction } from "../settings/account/use-account-action.ts";
import { powerAmount } from "./power-amount.ts";

function Row({
  achievement,
  busy,
  onClaim,
}: {
  achievement: Achievement;
  busy: boolean;
  onClaim(): void;
}) {
  const { t } = useTranslation("claims");
  const { id, progress, target, status } = achievement;
  return (
    <li
      className="flex items-center gap-3 p-4"
      data-testid="achievement-row"
      data-id={id}
      data-status={status}
    >
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium">{t(`achievements.names.${id}`)}</p>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          {t(`achievements.hints.${id}`)} ·{" "}
          {t("achievements.reward", { amount: powerAmount(achievement.reward) })}
          {achievement.needsAudit ? ` · ${t("achievements.audited")}` : ""}
        </p>
        {status === "incomplete" ? (
          <div
            className="mt-1.5 h-1 w-full max-w-48 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={target}
            aria-valuenow={progress}
            aria-label={t("achievements.progress", { progress, target })}
          >
            <div className="h-full bg-accent" style={{ width: `${(progress / target) * 100}%` }} />
          </div>
        ) : null}
      </div>
      {status === "completed" ? (
        <Button size="sm" loading={busy} onClick={onClaim} data-testid="achievement-claim">
          {t("achievements.claim")}
        </Button>
      ) : (
        <span className="shrink-0 text-xs text-zinc-600 dark:text-zinc-400">
          {status === "incomplete"
            ? t("achievements.progress", { progress, target })
            : t(`achievements.status.${status}`)}
        </span>
      )}
    </li>
  );
}

/**
 * The achievements with the person's progress and a claim button on each completed one (its
 * POWER reward is paid, or it waits for an operator's audit). Used on the profile page and
 * included by Settings › Power.
 */
export function AchievementsSection() {
  const { t } = useTranslation("claims");
  const { api } = useAppServices();
  const action = useAccountAction();
  const [read, reload] = useReloadableRead(api, "achievements", async (client, _k, signal) => {
    const answer = await client.call(endpointInfo.achievements.list, {}, { signal, silent: true });
    return answer.data;
  });

  async function claim(id: Achievement["id"]) {
    const done = await action.run(() =>
      api.call(endpointInfo.achievements.claim, { id }, { silent: true }),
    );
    if (done) await reload();
  }

  return (
    <SettingsSection title={t("achievements.title")}>
      <div data-testid="achievements">
        {read.status === "failed" ? (
          <p role="alert" className="p-4 text-sm text-red-700 dark:text-red-300">
            {read.message}
          </p>
        ) : null}
        {action.error ? (
          <div className="px-4 pt-3">
            <FormMessage error={action.error} testId="achievements" />
          </div>
        ) : null}
        <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {(read.status === "ready" ? read.data : []).map((achievement) => (
            <Row
              key={achievement.id}
              achievement={achievement}
              busy={action.busy}
              onClaim={() => void claim(achievement.id)}
            />
          ))}
        </ul>
      </div>
    </SettingsSection>
  );
}
