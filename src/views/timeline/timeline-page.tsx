import { Outlet, useParams } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../page.tsx";
import { VIEW_META } from "../shell/view-meta.tsx";
import { EntryPane } from "./entry-pane.tsx";
import { TimelineParamList } from "./timeline-param-list.tsx";
import { readTimelineParams } from "./timeline-params.ts";

/** /timeline/$timelineId/$feedId[/$entryId]: the entry list column and the entry pane. */
export function TimelinePage() {
  const { t } = useTranslation();
  const raw = useParams({ strict: false });
  const params = readTimelineParams(raw.timelineId ?? "", raw.feedId ?? "", raw.entryId);
  const meta = VIEW_META[params.view]!;
  const Icon = meta.icon;

  return (
    <section className="flex h-full min-h-0" data-testid="timeline-page">
      <div
        className={`flex min-h-0 w-full flex-col border-zinc-200 lg:w-[356px] lg:shrink-0 lg:border-r dark:border-zinc-800 ${params.entryPending ? "" : "max-lg:hidden"}`}
      >
        <header className="flex items-center gap-3 border-b border-zinc-200 px-5 py-4 dark:border-zinc-800">
          <span className="flex size-9 items-center justify-center rounded-lg bg-accent-soft text-accent">
            <Icon size={20} />
          </span>
          <div className="min-w-0">
            <h1 className="truncate text-lg font-semibold" data-testid="page-title">
              {t(meta.labelKey)}
            </h1>
            <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">
              {t("timeline.subtitle")}
            </p>
          </div>
        </header>
        <div className="flex-1 space-y-5 overflow-y-auto p-5">
          <TimelineParamList params={params} />
          <EmptyState title={t("timeline.emptyTitle")} body={t("timeline.emptyBody")} />
        </div>
      </div>
      <div
        className={`min-h-0 min-w-0 flex-1 ${params.entryPending ? "max-lg:hidden" : ""}`}
        data-testid="entry-pane-slot"
      >
        {raw.entryId === undefined ? <EntryPane /> : <Outlet />}
      </div>
    </section>
  );
}
