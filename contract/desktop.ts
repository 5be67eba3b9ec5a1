/**
 * The desktop bridge: what the Electron preload exposes to the renderer as `window.electron`.
 * One small typed surface; every call is an IPC `invoke` on the channel of the same name, and
 * the main process validates each argument again (the renderer shows outside content).
 * The renderer feature-detects it (src/platform/desktop.ts); the web build never needs it.
 */

/** What the Obsidian note is written from (the renderer sends HTML; main makes Markdown). */
export interface ObsidianNote {
  title: string;
  url: string;
  author: string;
  publishedAt: string;
  html: string;
  /** The person's highlights of the entry in reading order, with their notes. */
  highlights?: readonly ObsidianHighlight[];
}

export interface ObsidianHighlight {
  exact: string;
  note: string;
}

/** What the desktop app takes of them: a highlight's own bounds (MAX_HIGHLIGHT_TEXT), a count. */
export const MAX_OBSIDIAN_HIGHLIGHTS = 1000;
export const MAX_OBSIDIAN_HIGHLIGHT_TEXT = 10_000;

/** Eagle saves an entry's images, each with the page it came from. */
export interface EagleItem {
  mediaUrls: string[];
  entryUrl: string;
}

/** Where the desktop app gets its data: a server the user runs, or the bundled one. */
export type ServerChoice = { kind: "remote"; url: string } | { kind: "bundled" };

/** The result of a desktop save: a link to what was saved, or the service's reason. */
export type DesktopSaveResult = { ok: true; link?: string } | { ok: false; reason: string };

export interface DesktopBridge {
  readonly platform: "darwin" | "win32" | "linux";
  /** Opens an http(s) or mailto link in the system browser / mail app. */
  openExternal(url: string): Promise<void>;
  /** The unread count on the dock / taskbar / tray (0 clears it). */
  setUnreadCount(count: number): Promise<void>;
  /** Whether the link policy sends every outside link to the system browser. */
  setOpenLinksExternally(on: boolean): Promise<void>;
  saveToObsidian(vaultPath: string, note: ObsidianNote): Promise<DesktopSaveResult>;
  saveToEagle(item: EagleItem): Promise<DesktopSaveResult>;
  /** Whether Eagle's local API answers on localhost:41595. */
  eagleAvailable(): Promise<boolean>;
  getServer(): Promise<ServerChoice>;
  /** Saves the choice and relaunches onto it. */
  setServer(choice: ServerChoice): Promise<void>;
  notify(title: string, body: string): Promise<void>;
  /** Menu clicks: the id of the shortcut action or command the menu item stands for. */
  onMenuAction(listener: (actionId: string) => void): () => void;
}

/** The IPC channels (invoke) behind the bridge, and the one event channel (main -> renderer). */
export const DESKTOP_CHANNELS = {
  openExternal: "desktop:open-external",
  setUnreadCount: "desktop:set-unread-count",
  setOpenLinksExternally: "desktop:set-open-links-externally",
  saveToObsidian: "desktop:save-to-obsidian",
  saveToEagle: "desktop:save-to-eagle",
  eagleAvailable: "desktop:eagle-available",
  getServer: "desktop:get-server",
  setServer: "desktop:set-server",
  notify: "desktop:notify",
} as const satisfies Record<Exclude<keyof DesktopBridge, "platform" | "onMenuAction">, string>;

export const MENU_ACTION_CHANNEL = "desktop:menu-action";
