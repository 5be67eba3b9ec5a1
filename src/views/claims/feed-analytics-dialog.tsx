import { useTranslation } from "react-i18next";
import { endpointInfo } from "../../../contract/api/info.ts";
import { useAppServices } from "../../runtime/app-services.tsx";
import { useServerRead } from "../../services/server-read.ts";
import { Dialog } from "../../ui/dialog.tsx";
import { compactNumber } from "../../ui/format.ts";

/** One figure with its label. */
function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="rounded-lg border border-zinc-200 p-3 dark:border-zinc-800">
      <p className="text-xs text-zinc-600 dark:text-zinc-400">{label}</p>
      <p className="text-lg font-semibold" data-testid={testId}>
        {value}
      </p>
    </div>
  );
}

/**
 * A claimed feed's analytics for its owner: subscribers, entries per week, reads, and the last
 * twelve weeks as bars (entries and reads side by side).
 */
export function FeedAnalyticsDialog(props: { feedId: string; onClose(): void }) {
  const { t } = useTranslation("claims");
  const { api } = useAppServices();
  const read = useServerRead(api, endpointInfo.claims.analytics, { id: props.feedId });
  const data = read.status === "ready" ? read.data.data : null;
  const highest = Math.max(1, ...(data?.weeks ?? []).flatMap((w) => [w.entries, w.reads]));
  return (
    <Dialog
      open
      onClose={props.onClose}
      title={t("analytics.title")}
      testId="feed-analytics-dialog"
      wide
    >
      {read.status === "failed" ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {read.message}
        </p>
      ) : null}
      {data ? (
        <div className="space-y-4">
          <div className="grid grid-cols-3 gap-2">
            <Figure
              label={t("analytics.subscribers")}
              value={compactNumber(data.subscribers)}
              testId="feed-analytics-subscribers"
            />
            <Figure
              label={t("analytics.entriesPerWeek")}
              value={String(data.entriesPerWeek)}
              testId="feed-analytics-entries-per-week"
            />
            <Figure
              label={t("analytics.reads")}
              value={compactNumber(data.totalReads)}
              testId="feed-analytics-reads"
            />
          </div>
          <div
            className="flex h-24 items-end gap-1 border-b border-zinc-300 dark:border-zinc-700"
            role="img"
            aria-label={t("analytics.weeks")}
          >
            {data.weeks.map((week) => (
              <div
                key={week.week}
                className="flex h-full flex-1 items-end gap-px"
                title={t("analytics.week", {
                  week: week.week,
                  entries: week.entries,
                  reads: week.reads,
                })}
              >
                <div
                  className="flex-1 rounded-t bg-accent"
                  style={{ height: `${(week.entries / highest) * 100}%` }}
                />
                <div
                  className="flex-1 rounded-t bg-emerald-500"
                  style={{ height: `${(week.reads / highest) * 100}%` }}
                />
              </div>
            ))}
          </div>
          <p className="text-xs text-zinc-600 dark:text-zinc-400">{t("analytics.legend")}</p>
        </div>
      ) : null}
    </Dialog>
  );
}
