import { Link } from "@tanstack/react-router";
import { type ComponentType, useRef } from "react";
import { useTranslation } from "react-i18next";
import {
  ACTIONS_PATH,
  DAILY_REPORT_PATH,
  HIGHLIGHTS_PATH,
  PAGE_PATHS,
  POWER_PATH,
} from "../../../contract/routes.ts";
import { isFeedViewType } from "../../../contract/views.ts";
import { runCommand } from "../../commands/run.ts";
import { useRuntime } from "../../runtime/runtime-context.tsx";
import { openSearch } from "../../shortcuts/search-request.ts";
import { IconButton, iconButtonClass } from "../../ui/icon-button.tsx";
import {
  ActionsIcon,
  CheckAllIcon,
  DailyReportIcon,
  DiscoverIcon,
  type IconProps,
  PlusIcon,
  PowerIcon,
  RssIcon,
  SearchIcon,
  SettingsIcon,
} from "../../ui/icons.tsx";
import { Logo } from "../../ui/logo.tsx";
import { HighlightsIcon } from "../highlights/highlights-icon.tsx";
import { SavedSearchList } from "../search/saved-search-list.tsx";
import { useTimelineLocation } from "../shell/timeline-location.ts";
import { useAreaScope } from "../shell/use-area-scope.ts";
import { UserCard } from "../shell/user-card.tsx";
import { openQuickAdd } from "./quick-add-store.ts";
import { SubscriptionList } from "./subscription-list.tsx";
import { SyncIndicator } from "./sync-indicator.tsx";
import { ViewTabs } from "./view-tabs.tsx";
import "../../ui/accent-ink.css";

/** Links drawn as icon buttons. */
const ICON_BUTTON = iconButtonClass("column");

const NAV: {
  to:
    | typeof PAGE_PATHS.discover
    | typeof ACTIONS_PATH
    | typeof POWER_PATH
    | typeof PAGE_PATHS.rsshub
    | typeof DAILY_REPORT_PATH
    | typeof HIGHLIGHTS_PATH;
  key: string;
  icon: ComponentType<IconProps>;
}[] = [
  { to: PAGE_PATHS.discover, key: "nav.discover", icon: DiscoverIcon },
  { to: ACTIONS_PATH, key: "nav.actions", icon: ActionsIcon },
  { to: POWER_PATH, key: "nav.power", icon: PowerIcon },
  { to: PAGE_PATHS.rsshub, key: "nav.rsshub", icon: RssIcon },
  { to: DAILY_REPORT_PATH, key: "ai:dailyReport.title", icon: DailyReportIcon },
  { to: HIGHLIGHTS_PATH, key: "reader:highlights.pageTitle", icon: HighlightsIcon },
];

/**
 * The subscription column: view tabs, the subscriptions of the active view (folders, unread
 * counts, menus), quick add, and a footer with the other areas, sync state and the user.
 */
export function SubscriptionColumn() {
  const { t } = useTranslation();
  const { t: tr } = useTranslation("reader");
  const { t: ts } = useTranslation("search");
  const reader = useRuntime();
  const { location, view } = useTimelineLocation();
  const area = useRef<HTMLDivElement>(null);
  useAreaScope(area, "subscription-list");

  return (
    <div
      ref={area}
      className="flex h-full min-h-0 flex-col bg-zinc-100/80 dark:bg-zinc-900/80"
      data-testid="subscription-column"
    >
      <div className="flex h-12 shrink-0 items-center gap-2 pr-2 pl-4">
        <Logo size={22} />
        <span className="flex-1 truncate text-[15px] font-semibold tracking-tight">
          {t("app.name")}
        </span>
        <IconButton
          label={tr("column.markViewRead")}
          surface="column"
          data-testid="mark-view-read"
          disabled={!reader}
          onClick={() =>
            runCommand("entries.markAllRead", {
              selection: "all",
              view: isFeedViewType(view) ? view : undefined,
            })
          }
        >
          <CheckAllIcon size={16} />
        </IconButton>
        <IconButton
          label={ts("field.open")}
          surface="column"
          data-testid="search-button"
          onClick={() => openSearch()}
        >
          <SearchIcon size={16} />
        </IconButton>
        <IconButton
          label={tr("quickAdd.open")}
          surface="column"
          data-testid="quick-add-button"
          onClick={() => openQuickAdd({ view })}
        >
          <PlusIcon size={18} />
        </IconButton>
      </div>
      <ViewTabs active={view} />
      <nav
        aria-label={tr("column.subscriptions")}
        className="player-room min-h-0 flex-1 overflow-y-auto px-2 py-2"
        data-testid="subscription-list"
      >
        <SubscriptionList view={view} selection={location?.feed} />
        <SavedSearchList view={view} selection={location?.feed} />
      </nav>
      <nav
        aria-label={t("nav.explore")}
        className="flex shrink-0 items-center gap-1 border-t border-zinc-200 px-2 py-1.5 dark:border-zinc-800"
      >
        {NAV.map(({ to, key, icon: Icon }) => (
          <Link
            key={to}
            to={to}
            className={ICON_BUTTON}
            activeProps={{ "aria-current": "page", className: "text-accent" }}
            aria-label={t(key)}
            title={t(key)}
            data-testid={`nav-${to.slice(1)}`}
          >
            <Icon size={18} />
          </Link>
        ))}
        <Link
          to={PAGE_PATHS.settings}
          className={`${ICON_BUTTON} ml-auto`}
          activeProps={{ "aria-current": "page", className: "text-accent" }}
          aria-label={t("nav.settings")}
          title={t("nav.settings")}
          data-testid="nav-settings"
        >
          <SettingsIcon size={18} />
        </Link>
      </nav>
      <div className="shrink-0 border-t border-zinc-200 px-1 pt-1 dark:border-zinc-800">
        <SyncIndicator />
        <UserCard />
      </div>
    </div>
  );
}
