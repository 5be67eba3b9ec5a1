import type { DesktopBridge } from "../../contract/desktop.ts";

const METHODS = [
  "openExternal",
  "setUnreadCount",
  "setOpenLinksExternally",
  "saveToObsidian",
  "saveToEagle",
  "eagleAvailable",
  "getServer",
  "setServer",
  "notify",
  "onMenuAction",
] as const;

/**
 * The desktop app's bridge (`window.electron`, exposed by electron/preload.ts), when this page
 * runs inside it and the bridge has every call this build expects; undefined on the web (and
 * for an older desktop shell), so each desktop path is feature-detected, never assumed.
 */
export function desktopBridge(target: object = globalThis): DesktopBridge | undefined {
  const candidate = (target as { electron?: unknown }).electron;
  if (typeof candidate !== "object" || candidate === null) return undefined;
  const bridge = candidate as Record<string, unknown>;
  return METHODS.every((name) => typeof bridge[name] === "function")
    ? (candidate as DesktopBridge)
    : undefined;
}
