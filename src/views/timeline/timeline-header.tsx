import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { of } from "rxjs";
import { formatFeedIdParam } from "../../../contract/routes.ts";
import type { FeedViewType } from "../../../contract/views.ts";
import { viewName } from "../../../contract/views.ts";
import { useCommandAvailability } from "../../commands/hooks.ts";
import { runCommand } from "../../commands/run.ts";
import { type TimelineQuery, timelineUnreadCount$ } from "../../queries/index.ts";
import { useLiveQuery } from "../../queries/use-live-query.ts";
import { useRuntime } from "../../runtime/runtime-context.tsx";
import { useSyncState } from "../../runtime/use-sync-status.ts";
import { setReaderSetting, useReaderSettings } from "../../settings/reader.ts";
import { setOldestFirst } from "../../settings/timeline-order.ts";
import { useShortcut } from "../../shortcuts/hooks.ts";
import { compactNumber } from "../../ui/format.ts";
import { IconButton } from "../../ui/icon-button.tsx";
import {
  ArrowLeftIcon,
  CheckAllIcon,
  EyeIcon,
  ListIcon,
  RefreshIcon,
  SortOldestIcon,
} from "../../ui/icons.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { FeedClaimActions } from "../claims/feed-claim-actions.tsx";
import { OwnerBadge } from "../claims/owner-badge.tsx";
import { useFeedClaim } from "../claims/use-feed-claim.ts";
import { useShellNav } from "../shell/shell-nav.tsx";
import { useIsMobile } from "../shell/use-is-mobile.ts";
import { VIEW_META } from "../shell/view-meta.tsx";
import { useAllSubscriptions } from "../subscriptions/use-categories.ts";
import { selectionContext } from "./selection-context.ts";
import { feedSelectionValue } from "./timeline-params.ts";
import { useSelectionTitle } from "./use-selection-title.ts";

/**
 * The timeline's header: what it shows (the source and the view), its unread count, and the
 * toolbar: unread only, oldest first, group by date, refetch, mark all read.
 */
export function TimelineHeader({
  query,
  orderKey,
  refetch,
  refetching,
}: {
  query: TimelineQuery;
  /** The timeline's key for its sort order (src/settings/timeline-order.ts). */
  orderKey: string;
  refetch(): void;
  refetching: boolean;
}) {
  const { t } = useTranslation("reader");
  const { t: tApp } = useTranslation();
  const reader = useRuntime();
  const settings = useReaderSettings();
  const mobile = useIsMobile();
  const nav = useShellNav();
  const subscriptions = useAllSubscriptions();
  const sync = useSyncState();
  const title = useSelectionTitle(query.feed);
  const db = reader?.db;
  const key = `${query.view}|${formatFeedIdParam(query.feed)}`;
  const unread = useLiveQuery(
    () => (db ? timelineUnreadCount$(db, { ...query, unreadOnly: false }) : of(0)),
    [db, key],
  );
  const feedValue = feedSelectionValue(query.feed);
  const feedClaim = useFeedClaim(query.feed.kind === "feed" ? query.feed.feedId : null);
  const selected = selectionContext(query, subscriptions);
  const markAll = useCommandAvailability("entries.markAllRead", selected);
  const toggleOrder = () => setOldestFirst(orderKey, !query.oldestFirst);
  const canOrder = query.feed.kind !== "inbox" && query.feed.kind !== "search";
  useShortcut("timeline.oldestFirst", toggleOrder, { enabled: canOrder });

  return (
    <header className="flex h-14 shrink-0 items-center gap-1 border-b border-zinc-200 pr-2 pl-3 dark:border-zinc-800">
      {mobile ? (
        <IconButton
          onClick={nav.showSubscriptions}
          label={t("layout.showSubscriptions")}
          aria-controls="subscription-column"
          data-testid="timeline-back"
        >
          <ArrowLeftIcon size={18} />
        </IconButton>
      ) : null}
      <div className="min-w-0 flex-1 px-1">
        <h1
          className="truncate text-[15px] font-semibold"
          data-testid="timeline-feed"
          data-kind={query.feed.kind}
          data-value={feedValue}
        >
          {title}
        </h1>
        {/* The view's name gives way first: a short count like "20 unread" is never cut. */}
        <p className="flex min-w-0 gap-1.5 text-xs whitespace-nowrap text-zinc-600 dark:text-zinc-400">
          <span
            className="min-w-0 truncate"
            data-testid="timeline-view"
            data-view={query.view}
            data-view-name={viewName(query.view as FeedViewType)}
          >
            {tApp(VIEW_META[query.view]!.labelKey)}
          </span>
          {unread ? (
            <span className="shrink-0" data-testid="timeline-unread" data-count={unread}>
              · {t("timeline.unreadCount", { count: unread, formatted: compactNumber(unread) })}
            </span>
          ) : null}
          {/* "claims" strings load after the start; the claim itself is read from the server. */}
          {feedClaim?.claim ? (
            <Suspense fallback={null}>
              <OwnerBadge claim={feedClaim.claim} />
            </Suspense>
          ) : null}
        </p>
      </div>
      {feedClaim ? (
        <Suspense fallback={null}>
          <FeedClaimActions state={feedClaim} />
        </Suspense>
      ) : null}
      <IconButton
        aria-pressed={settings.unreadOnly}
        label={t("timeline.unreadOnly")}
        data-testid="toggle-unread-only"
        onClick={() => setReaderSetting("unreadOnly", !settings.unreadOnly)}
        showsPressed
      >
        <EyeIcon size={17} />
      </IconButton>
      {canOrder ? (
        <IconButton
          aria-pressed={Boolean(query.oldestFirst)}
          label={t("timeline.oldestFirst")}
          data-testid="toggle-oldest-first"
          onClick={toggleOrder}
          showsPressed
        >
          <SortOldestIcon size={17} />
        </IconButton>
      ) : null}
      <IconButton
        aria-pressed={settings.groupByDate}
        label={t("timeline.groupByDate")}
        data-testid="toggle-group-by-date"
        onClick={() => setReaderSetting("groupByDate", !settings.groupByDate)}
        showsPressed
      >
        <ListIcon size={17} />
      </IconButton>
      <IconButton
        label={t("timeline.refetch")}
        data-testid="refetch"
        disabled={!reader || refetching}
        onClick={refetch}
      >
        {refetching || sync.pulling ? <Spinner size={16} /> : <RefreshIcon size={17} />}
      </IconButton>
      <IconButton
        label={t("timeline.markAllRead")}
        data-testid="mark-timeline-read"
        disabled={!reader || markAll !== "ready" || !unread}
        onClick={() => runCommand("entries.markAllRead", selected)}
      >
        <CheckAllIcon size={17} />
      </IconButton>
    </header>
  );
}
