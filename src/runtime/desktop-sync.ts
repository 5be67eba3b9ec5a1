import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { FeedViewType } from "../../contract/views.ts";
import { desktopBridge } from "../platform/desktop.ts";
import { allSubscriptions$, viewUnreadTotals$ } from "../queries/subscriptions.ts";
import { newArrivals, notifyingFeeds } from "../services/subscription-notify.ts";
import { generalSettingsStore } from "../settings/stores.ts";
import { shortcutHandlers } from "../shortcuts/handlers.ts";
import { useRuntime } from "./runtime-context.tsx";

/**
 * What the desktop app learns from the page, through the bridge, and only when there is one:
 * the unread total (dock / launcher badge and tray), the `openLinksInExternalApp` setting (the
 * main process's link policy), and the native menu's clicks, run as the shortcut actions they
 * stand for; and it raises a desktop notification when entries arrive in the Notifications view
 * (the push-worthy ones). Each is a subscription to something that changes; nothing polls.
 */
export function useDesktopBridgeSync(): void {
  const reader = useRuntime();
  const db = reader?.db;
  const { t } = useTranslation("desktop");

  useEffect(() => {
    const bridge = desktopBridge();
    if (!bridge || !db) return;
    let lastTotal = -1;
    let lastNotifications: number | undefined;
    const subscription = viewUnreadTotals$(db).subscribe((totals) => {
      const total = Object.values(totals).reduce((sum, n) => sum + n, 0);
      if (total !== lastTotal) {
        lastTotal = total;
        void bridge.setUnreadCount(total);
      }
      const notifications = totals[FeedViewType.Notifications] ?? 0;
      // Not for what was already there when the app opened: only what arrives while it runs.
      if (lastNotifications !== undefined && notifications > lastNotifications) {
        const count = notifications - lastNotifications;
        void bridge.notify(t("notifications.title"), t("notifications.body", { count }));
      }
      lastNotifications = notifications;
    });
    return () => subscription.unsubscribe();
  }, [db, t]);

  // Subscriptions set to "notify on new entries": Web Push does not reach the desktop app, so
  // it announces their new entries itself, as they arrive in the local database.
  useEffect(() => {
    const bridge = desktopBridge();
    if (!bridge || !reader) return;
    let cancelled = false;
    let subscription: { unsubscribe(): void } | undefined;
    const seen = new Map<string, number>();
    notifyingFeeds(reader.api).then(
      (notify) => {
        if (cancelled) return;
        subscription = allSubscriptions$(reader.db).subscribe((items) => {
          for (const arrival of newArrivals(seen, items, notify)) {
            void bridge.notify(
              arrival.title,
              t("ai:subscriptionNotify.desktop", { count: arrival.count }),
            );
          }
        });
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
      subscription?.unsubscribe();
    };
  }, [reader, t]);

  useEffect(() => {
    const bridge = desktopBridge();
    if (!bridge) return;
    let last: boolean | undefined;
    const push = () => {
      const on = generalSettingsStore.get().openLinksInExternalApp;
      if (on === last) return;
      last = on;
      void bridge.setOpenLinksExternally(on);
    };
    push();
    const unsubscribe = generalSettingsStore.subscribe(push);
    const unlisten = bridge.onMenuAction((actionId) => {
      shortcutHandlers.trigger(actionId);
    });
    return () => {
      unsubscribe();
      unlisten();
    };
  }, []);
}
