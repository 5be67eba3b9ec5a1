import {
  DESKTOP_CHANNELS,
  type DesktopSaveResult,
  type EagleItem,
  MAX_OBSIDIAN_HIGHLIGHT_TEXT,
  MAX_OBSIDIAN_HIGHLIGHTS,
  type ObsidianHighlight,
  type ObsidianNote,
  type ServerChoice,
} from "../../contract/desktop.ts";
import { sanitizeCount } from "../services/badge.ts";
import { isAppUrl, isExternalOpenable } from "../services/link-policy.ts";
import { parseServerChoice } from "../services/server-choice.ts";
import type { IpcSender, Shell } from "../shell.ts";

/** What the handlers do once their arguments are checked (desktop.ts wires the real ones). */
export interface BridgeServices {
  appOrigin: () => string;
  openExternal(url: string): Promise<void>;
  setUnreadCount(count: number): void;
  setOpenLinksExternally(on: boolean): void;
  saveToObsidian(vaultPath: string, note: ObsidianNote): Promise<DesktopSaveResult>;
  saveToEagle(item: EagleItem): Promise<DesktopSaveResult>;
  eagleAvailable(): Promise<boolean>;
  getServer(): ServerChoice;
  setServer(choice: ServerChoice): Promise<void>;
  notify(title: string, body: string): void;
}

export class BridgeRefusal extends Error {}

const MAX_HTML = 5_000_000;
const MAX_TEXT = 10_000;

function text(value: unknown, what: string, max = MAX_TEXT): string {
  if (typeof value !== "string" || value.length > max) throw new BridgeRefusal(`bad ${what}`);
  return value;
}

function highlights(value: unknown): ObsidianHighlight[] {
  if (!Array.isArray(value) || value.length > MAX_OBSIDIAN_HIGHLIGHTS) {
    throw new BridgeRefusal("bad highlights");
  }
  return value.map((item: unknown) => {
    if (typeof item !== "object" || item === null) throw new BridgeRefusal("bad highlight");
    const h = item as Record<string, unknown>;
    return {
      exact: text(h.exact, "highlight", MAX_OBSIDIAN_HIGHLIGHT_TEXT),
      note: text(h.note, "highlight note", MAX_OBSIDIAN_HIGHLIGHT_TEXT),
    };
  });
}

function note(value: unknown): ObsidianNote {
  if (typeof value !== "object" || value === null) throw new BridgeRefusal("bad note");
  const v = value as Record<string, unknown>;
  return {
    title: text(v.title, "title"),
    url: text(v.url, "url"),
    author: text(v.author, "author"),
    publishedAt: text(v.publishedAt, "publishedAt"),
    html: text(v.html, "html", MAX_HTML),
    ...(v.highlights === undefined ? {} : { highlights: highlights(v.highlights) }),
  };
}

function eagleItem(value: unknown): EagleItem {
  if (typeof value !== "object" || value === null) throw new BridgeRefusal("bad item");
  const v = value as Record<string, unknown>;
  if (!Array.isArray(v.mediaUrls) || v.mediaUrls.length > 100) {
    throw new BridgeRefusal("bad mediaUrls");
  }
  return {
    mediaUrls: v.mediaUrls.map((url) => text(url, "media url")),
    entryUrl: text(v.entryUrl, "entryUrl"),
  };
}

/**
 * Registers one IPC handler per bridge call. Each checks that the caller is a page of the app's
 * own origin (a viewer window or a navigated-away frame gets nothing) and checks every argument
 * again: the renderer shows outside content, so its messages are not trusted blindly.
 */
export function registerBridgeHandlers(shell: Pick<Shell, "handle">, services: BridgeServices) {
  const on = (channel: string, handler: (args: unknown[]) => unknown) =>
    shell.handle(channel, (sender: IpcSender, args: unknown[]) => {
      if (!isAppUrl(sender.url, services.appOrigin())) {
        throw new BridgeRefusal(`${channel} refused for ${sender.url}`);
      }
      return handler(args);
    });

  on(DESKTOP_CHANNELS.openExternal, ([url]) => {
    const checked = text(url, "url");
    if (!isExternalOpenable(checked)) throw new BridgeRefusal("only http(s) and mailto links");
    return services.openExternal(checked);
  });
  on(DESKTOP_CHANNELS.setUnreadCount, ([count]) => {
    const checked = sanitizeCount(count);
    if (checked === null) throw new BridgeRefusal("bad count");
    services.setUnreadCount(checked);
  });
  on(DESKTOP_CHANNELS.setOpenLinksExternally, ([value]) => {
    if (typeof value !== "boolean") throw new BridgeRefusal("bad flag");
    services.setOpenLinksExternally(value);
  });
  on(DESKTOP_CHANNELS.saveToObsidian, ([vaultPath, value]) =>
    services.saveToObsidian(text(vaultPath, "vault path", 4096), note(value)),
  );
  on(DESKTOP_CHANNELS.saveToEagle, ([value]) => services.saveToEagle(eagleItem(value)));
  on(DESKTOP_CHANNELS.eagleAvailable, () => services.eagleAvailable());
  on(DESKTOP_CHANNELS.getServer, () => services.getServer());
  on(DESKTOP_CHANNELS.setServer, ([value]) => {
    const choice = parseServerChoice(value);
    if (!choice) throw new BridgeRefusal("bad server choice");
    return services.setServer(choice);
  });
  on(DESKTOP_CHANNELS.notify, ([title, body]) => {
    services.notify(text(title, "title", 200), text(body, "body", 1000));
  });
}
