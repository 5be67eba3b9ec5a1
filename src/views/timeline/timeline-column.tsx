import { lazy, type ReactNode, Suspense, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { TimelineQuery } from "../../queries/index.ts";
import { useRuntime, useRuntimeState } from "../../runtime/runtime-context.tsx";
import { useCheckNew } from "../../services/use-check-new.ts";
import { useTagTimelineFill } from "../../services/use-tag-timeline-fill.ts";
import { useTimelinePager } from "../../services/use-timeline-pager.ts";
import { useReaderSettings } from "../../settings/reader.ts";
import { timelineOrderKey, useOldestFirst } from "../../settings/timeline-order.ts";
import { Spinner } from "../../ui/spinner.tsx";
import { EmptyState } from "../page.tsx";
import { useAllSubscriptions } from "../subscriptions/use-categories.ts";
import { ContinueReading } from "./continue-reading.tsx";
import { emptyTimeline } from "./empty-timeline.ts";
import { EmptyTimelineState } from "./empty-timeline-state.tsx";
import { PagerFooter } from "./pager-footer.tsx";
import { PlayerPositions } from "./player-positions.tsx";
import { QuickTimeline } from "./quick-timeline.tsx";
import { SpotlightRaised } from "./spotlight-raised.tsx";
import { TimelineHeader } from "./timeline-header.tsx";
import { useRefetch } from "./use-refetch.ts";
import { useSelectionTitle } from "./use-selection-title.ts";
import { useTimelineKeys } from "./use-timeline-keys.ts";
import { useTimelineRows } from "./use-timeline-rows.ts";
import { VirtualTimeline } from "./virtual-timeline.tsx";

// The daily report's pin waits for a server read anyway: its code loads with that read, not
// before the first paint.
const DailyReportPin = lazy(() =>
  import("../ai/daily-report-pin.tsx").then((m) => ({ default: m.DailyReportPin })),
);

/** The timeline column: header and toolbar over the virtualized entries of the selection. */
export function TimelineColumn(props: {
  view: number;
  query: Omit<TimelineQuery, "unreadOnly">;
  timelineId: string;
  feedParam: string;
  activeEntryId: string | undefined;
}) {
  const { t } = useTranslation("reader");
  const { t: tApp } = useTranslation();
  const reader = useRuntime();
  const state = useRuntimeState();
  const settings = useReaderSettings();
  // Inboxes and saved searches are read newest first only (their calls have no order).
  const canOrder = props.query.feed.kind !== "inbox" && props.query.feed.kind !== "search";
  const oldestFirst = useOldestFirst(timelineOrderKey(props.view, props.feedParam)) && canOrder;
  const query: TimelineQuery = { ...props.query, unreadOnly: settings.unreadOnly, oldestFirst };
  const pager = useTimelinePager(reader, query);
  const checkNew = useCheckNew(reader, query);
  useTagTimelineFill(reader, query.feed);
  const { floor, ceiling } = pager.state;
  const { key, page, windowStart, windowBefore, settling, loadMore, loadEarlier, restart } =
    useTimelineRows(reader, query, {
      floor,
      ceiling,
    });
  // The pager's end comes as its bound moves, before the rows of its last page are read: until
  // they are on screen the footer says more is coming, not that the list ended.
  const footer = settling && pager.state.end ? { ...pager.state, end: false } : pager.state;
  // Nothing local for this timeline (a new feed, a folder never paged): ask the server.
  const emptyLocally = page !== undefined && page.rows.length === 0;
  const { settled, end } = pager.state;
  const nextPage = pager.loadMore;
  useEffect(() => {
    if (emptyLocally && settled && !end) nextPage();
  }, [emptyLocally, settled, end, nextPage]);
  const title = useSelectionTitle(query.feed);
  const area = useRef<HTMLDivElement>(null);
  const subscriptions = useAllSubscriptions();
  const { refetch, refetching } = useRefetch(reader, restart, {
    selection: query.feed,
    view: query.view,
    subscriptions,
  });
  const topEntry = useRef<string | undefined>(undefined);
  useTimelineKeys({
    area,
    rows: page?.rows,
    topEntry,
    activeEntryId: props.activeEntryId,
    timelineId: props.timelineId,
    feedParam: props.feedParam,
    query,
    subscriptions,
    refetch: () => void refetch(),
  });

  let body: ReactNode;
  if (state.status === "failed") {
    body = <EmptyState title={t("column.databaseFailed")} />;
  } else if (!page) {
    body = (
      <div className="flex justify-center py-10 text-muted">
        <Spinner size={24} label={tApp("common.loading")} />
      </div>
    );
  } else if (page.rows.length === 0 && !pager.state.end) {
    body = <PagerFooter state={pager.state} />;
  } else if (page.rows.length === 0) {
    body = (
      <EmptyTimelineState
        state={emptyTimeline({
          subscriptions,
          feed: query.feed,
          view: props.view,
          unreadOnly: settings.unreadOnly,
        })}
        view={props.view}
        refetch={() => void refetch()}
      />
    );
  } else {
    body = (
      <VirtualTimeline
        key={key}
        reader={reader}
        view={props.view}
        rows={page.rows}
        more={page.more}
        onMore={loadMore}
        windowStart={windowStart}
        windowBefore={windowBefore}
        onEarlier={loadEarlier}
        topEntry={topEntry}
        pager={footer}
        onNextPage={pager.loadMore}
        activeEntryId={props.activeEntryId}
        base={{ timelineId: props.timelineId, feedId: props.feedParam }}
        settings={settings}
        label={t("timeline.label", { title })}
      />
    );
  }

  return (
    <div
      ref={area}
      className="flex h-full min-h-0 flex-col"
      data-testid="timeline-column"
      data-view={props.view}
    >
      <TimelineHeader
        query={query}
        orderKey={timelineOrderKey(props.view, props.feedParam)}
        refetch={() => void refetch()}
        refetching={refetching}
      />
      <QuickTimeline view={props.view} feedParam={props.feedParam} />
      {props.view === 0 && props.query.feed.kind === "all" ? (
        <Suspense fallback={null}>
          <DailyReportPin />
        </Suspense>
      ) : null}
      {props.view === 0 && props.query.feed.kind === "all" ? <ContinueReading /> : null}
      <PlayerPositions />
      <SpotlightRaised
        view={props.view}
        feed={props.query.feed}
        timelineId={props.timelineId}
        feedParam={props.feedParam}
      />
      <div className="relative min-h-0 flex-1">
        {checkNew.hasNew ? (
          <button
            type="button"
            className="absolute top-2 left-1/2 z-10 -translate-x-1/2 rounded-full bg-accent px-3 py-1 text-xs font-medium text-white shadow"
            data-testid="new-entries-pill"
            onClick={() => void checkNew.bringIn()}
          >
            {t("timeline.newEntries")}
          </button>
        ) : null}
        {body}
      </div>
    </div>
  );
}
