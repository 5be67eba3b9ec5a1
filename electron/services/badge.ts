import type { Platform, Shell } from "../shell.ts";

/** What the tray says: the app's name, and the unread count when there is one. */
export function trayTooltip(appName: string, count: number): string {
  return count > 0 ? `${appName} (${count > 99_999 ? "99999+" : count})` : appName;
}

/** A count the renderer sent, made safe: a whole number from 0 up. */
export function sanitizeCount(value: unknown): number | null {
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0) return null;
  return Math.min(Math.floor(value), 1_000_000);
}

/**
 * Shows the unread count on the dock (macOS) or launcher (Linux), and always in the tray's
 * tooltip (Windows has no badge count for Electron apps without an overlay icon).
 * Returns what was shown, for the tests and the log.
 */
export function showUnreadCount(
  shell: Pick<Shell, "setBadgeCount">,
  tray: { setToolTip(text: string): void } | null,
  platform: Platform,
  appName: string,
  count: number,
): { badge: boolean; tooltip: string | null } {
  const badge = platform === "win32" ? false : shell.setBadgeCount(count);
  const tooltip = tray ? trayTooltip(appName, count) : null;
  if (tray && tooltip) tray.setToolTip(tooltip);
  return { badge, tooltip };
}
