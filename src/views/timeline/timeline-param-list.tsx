import { useTranslation } from "react-i18next";
import { feedSelectionValue, type TimelineParams } from "./timeline-params.ts";

/**
 * What the route parameters resolved to. The data-* attributes carry the raw parsed values so
 * tests can assert parsing in any UI language.
 */
export function TimelineParamList({ params }: { params: TimelineParams }) {
  const { t } = useTranslation();
  const feedValue = feedSelectionValue(params.feed);
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-xl bg-zinc-50 p-4 text-sm dark:bg-zinc-900">
      <dt className="text-zinc-500 dark:text-zinc-400">{t("timeline.params.view")}</dt>
      <dd
        className="font-medium"
        data-testid="timeline-view"
        data-view={params.view}
        data-view-name={params.viewName}
      >
        {t(`views.${params.viewName}`)}
      </dd>
      <dt className="text-zinc-500 dark:text-zinc-400">{t("timeline.params.source")}</dt>
      <dd
        className="min-w-0 truncate font-medium"
        data-testid="timeline-feed"
        data-kind={params.feed.kind}
        data-value={feedValue}
      >
        {t(`timeline.feedKinds.${params.feed.kind}`)}
        {feedValue ? <span className="font-mono text-zinc-500"> · {feedValue}</span> : null}
      </dd>
      <dt className="text-zinc-500 dark:text-zinc-400">{t("timeline.params.entry")}</dt>
      <dd
        className="min-w-0 truncate font-mono"
        data-testid="timeline-entry"
        data-pending={params.entryPending}
      >
        {params.entryId}
      </dd>
    </dl>
  );
}
