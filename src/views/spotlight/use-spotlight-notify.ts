import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { desktopBridge } from "../../platform/desktop.ts";
import { recentUnread$ } from "../../queries/spotlight.ts";
import { useRuntime } from "../../runtime/runtime-context.tsx";
import { useGeneralSettings } from "../../settings/hooks.ts";
import { generalSettingsStore } from "../../settings/stores.ts";
import { toast } from "../../ui/toaster.tsx";
import { type ArrivalState, arrivalsToNotify } from "./spotlight-select.ts";
import { matcherFor } from "./use-spotlight.ts";

/** Ids announced, shared by the tabs of this browser so each entry is announced once. */
const NOTIFIED_KEY = "follow:spotlight-notified";
const NOTIFIED_KEPT = 500;
/** Arrivals are looked for among entries published this long before the app started, or later. */
const ARRIVAL_WINDOW_MS = 2 * 24 * 60 * 60 * 1000;

function notifiedIds(): string[] {
  try {
    const stored = JSON.parse(localStorage.getItem(NOTIFIED_KEY) ?? "[]") as unknown;
    return Array.isArray(stored) ? stored.filter((id) => typeof id === "string") : [];
  } catch {
    return [];
  }
}

function rememberNotified(id: string): void {
  try {
    const ids = [...notifiedIds().filter((known) => known !== id), id].slice(-NOTIFIED_KEPT);
    localStorage.setItem(NOTIFIED_KEY, JSON.stringify(ids));
  } catch {
    // Storage full or refused: this tab still remembers through its own seen set.
  }
}

/** One notification: the desktop app's, else the browser's when allowed, else a toast. */
function announce(title: string, body: string, tag: string): void {
  const bridge = desktopBridge();
  if (bridge) {
    void bridge.notify(title, body);
    return;
  }
  if (typeof Notification !== "undefined" && Notification.permission === "granted") {
    try {
      new Notification(title, { body, tag });
      return;
    } catch {
      // Some browsers allow notifications only from a service worker: fall back to a toast.
    }
  }
  toast.info(title, { description: body });
}

/**
 * Keyword spotlight, notify: each new unread entry whose title a keyword set to notify matches
 * is announced once. What is in the local database when the app starts is never announced;
 * the newest unread entries are re-read (bounded) whenever entries change, and only while some
 * keyword is set to notify (turning one on starts afresh: what is there then is not announced).
 */
export function useSpotlightNotify(): void {
  const db = useRuntime()?.db;
  const { t } = useTranslation("reader");
  const on = matcherFor(useGeneralSettings().spotlight, "notify") !== null;

  useEffect(() => {
    if (!db || !on) return;
    const state: ArrivalState = {
      seen: null,
      wasNotified: (id) => notifiedIds().includes(id),
      markNotified: rememberNotified,
    };
    const since = new Date(Date.now() - ARRIVAL_WINDOW_MS).toISOString();
    const subscription = recentUnread$(db, since).subscribe((rows) => {
      const matcher = matcherFor(generalSettingsStore.get().spotlight, "notify");
      const { notify, more } = arrivalsToNotify(state, rows, matcher);
      for (const entry of notify) {
        announce(t("spotlight.notifyTitle"), entry.title ?? t("position.untitled"), entry.id);
      }
      if (more > 0) {
        announce(t("spotlight.notifyTitle"), t("spotlight.notifyMore", { count: more }), "more");
      }
    });
    return () => subscription.unsubscribe();
  }, [db, on, t]);
}
