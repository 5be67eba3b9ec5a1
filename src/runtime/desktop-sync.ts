import { useEffect } from "react";
import { map } from "rxjs";
import { desktopBridge } from "../platform/desktop.ts";
import { viewUnreadTotals$ } from "../queries/subscriptions.ts";
import { generalSettingsStore } from "../settings/stores.ts";
import { shortcutHandlers } from "../shortcuts/handlers.ts";
import { useRuntime } from "./runtime-context.tsx";

/**
 * What the desktop app learns from the page, through the bridge, and only when there is one:
 * the unread total (dock / launcher badge and tray), the `openLinksInExternalApp` setting (the
 * main process's link policy), and the native menu's clicks, run as the shortcut actions they
 * stand for. Each is a subscription to something that changes; nothing polls.
 */
export function useDesktopBridgeSync(): void {
  const reader = useRuntime();
  const db = reader?.db;

  useEffect(() => {
    const bridge = desktopBridge();
    if (!bridge || !db) return;
    let last = -1;
    const subscription = viewUnreadTotals$(db)
      .pipe(map((totals) => Object.values(totals).reduce((sum, n) => sum + n, 0)))
      .subscribe((total) => {
        if (total === last) return;
        last = total;
        void bridge.setUnreadCount(total);
      });
    return () => subscription.unsubscribe();
  }, [db]);

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
