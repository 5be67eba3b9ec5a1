import { Outlet } from "@tanstack/react-router";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useDesktopBridgeSync } from "../../runtime/desktop-sync.ts";
import { RuntimeProvider } from "../../runtime/runtime-context.tsx";
import { COLUMN_BOUNDS, setReaderSetting, useReaderSettings } from "../../settings/reader.ts";
import { useShortcut } from "../../shortcuts/index.ts";
import { MenuIcon } from "../../ui/icons.tsx";
import { Logo } from "../../ui/logo.tsx";
import { SearchDialog } from "../search/search-dialog.tsx";
import { useSpotlightNotify } from "../spotlight/use-spotlight-notify.ts";
import { SubscriptionColumn } from "../subscriptions/subscription-column.tsx";
import { KEEP_HIDDEN } from "./keep-hidden.ts";
import { ResizeHandle } from "./resize-handle.tsx";
import { ShellDialogs } from "./shell-dialogs.tsx";
import { ShellNavProvider, useLeaveOnLink, useShellNav } from "./shell-nav.tsx";
import { useTimelineLocation } from "./timeline-location.ts";
import { useIsMobile } from "./use-is-mobile.ts";
import { useReaderHost } from "./use-reader-host.ts";

/**
 * The signed-in layout. From 1024 px (below it, the one-column mobile layout): the subscription column (256 px by default,
 * resizable and remembered) and the main area; zen mode hides the column. Under 1024 px one
 * column at a time: the main area, or the subscription column in its place.
 */
export function AppShell() {
  return (
    <RuntimeProvider>
      <ShellNavProvider>
        <ShellLayout />
      </ShellNavProvider>
    </RuntimeProvider>
  );
}

function ShellLayout() {
  const { t } = useTranslation();
  const { t: tr } = useTranslation("reader");
  const mobile = useIsMobile();
  const settings = useReaderSettings();
  const nav = useShellNav();
  const { location, view } = useTimelineLocation();
  const [columnHidden, setColumnHidden] = useState(false);
  const column = useRef<HTMLElement>(null);
  useLeaveOnLink(column, mobile && nav.subscriptionsOpen);
  useReaderHost(view);
  useDesktopBridgeSync();
  useSpotlightNotify();
  useShortcut("layout.toggleSubscriptionColumn", () => {
    if (mobile) nav.showSubscriptions();
    else setColumnHidden((hidden) => !hidden);
  });
  const showColumn = mobile ? nav.subscriptionsOpen : !settings.zenMode && !columnHidden;
  const showMain = !mobile || !nav.subscriptionsOpen;

  return (
    <div
      className="relative flex h-full min-h-0"
      data-testid="app-shell"
      data-mobile={mobile || undefined}
    >
      <aside
        ref={column}
        id="subscription-column"
        aria-label={tr("column.label")}
        className={`min-h-0 shrink-0 ${showColumn ? "" : mobile ? KEEP_HIDDEN : "hidden"} ${mobile ? "w-full" : ""}`}
        style={mobile ? undefined : { width: settings.feedColWidth }}
      >
        <SubscriptionColumn />
      </aside>
      {showColumn && !mobile ? (
        <ResizeHandle
          label={tr("layout.resizeSubscriptions")}
          value={settings.feedColWidth}
          min={COLUMN_BOUNDS.feedColWidth.min}
          max={COLUMN_BOUNDS.feedColWidth.max}
          controls="subscription-column"
          testId="resize-subscriptions"
          onCommit={(width) => setReaderSetting("feedColWidth", width)}
        />
      ) : null}
      <main
        className={`flex min-h-0 min-w-0 flex-1 flex-col ${showMain ? "" : `${KEEP_HIDDEN} w-full`}`}
        data-testid="main"
      >
        {mobile && !location ? (
          <header className="flex h-12 shrink-0 items-center gap-3 border-b border-zinc-200 px-3 dark:border-zinc-800">
            <button
              type="button"
              onClick={nav.showSubscriptions}
              aria-label={t("nav.openMenu")}
              aria-controls="subscription-column"
              data-testid="menu-button"
              className="flex size-9 items-center justify-center rounded-lg hover:bg-zinc-100 dark:hover:bg-zinc-800"
            >
              <MenuIcon size={20} />
            </button>
            <Logo size={22} />
            <span className="font-semibold">{t("app.name")}</span>
          </header>
        ) : null}
        <div
          className={`min-h-0 flex-1 ${location ? "overflow-hidden" : "player-room overflow-y-auto"}`}
        >
          <Outlet />
        </div>
      </main>
      <SearchDialog view={view} />
      <ShellDialogs view={view} />
    </div>
  );
}
