import type { ServerChoice } from "../contract/desktop.ts";
import { MENU_ACTION_CHANNEL } from "../contract/desktop.ts";
import { registerBridgeHandlers } from "./ipc/handlers.ts";
import { showUnreadCount } from "./services/badge.ts";
import { withAppCsp } from "./services/csp.ts";
import { eagleReachable, saveToEagle } from "./services/eagle.ts";
import { decideNavigation, decideNewWindow } from "./services/link-policy.ts";
import { buildMenuTemplate, type MenuLabels } from "./services/menu.ts";
import { writeObsidianNote } from "./services/obsidian.ts";
import { readServerChoice } from "./services/server-choice.ts";
import {
  parseWindowState,
  restoreBounds,
  serializeWindowState,
  type WindowState,
} from "./services/window-state.ts";
import type { AppWindow, Shell } from "./shell.ts";

/** Small files the desktop app keeps in its user-data folder. */
export interface DesktopFiles {
  read(name: string): string | null;
  write(name: string, text: string): void;
}

export interface DesktopDeps {
  appName: string;
  preloadPath: string;
  files: DesktopFiles;
  labels: MenuLabels;
  /** Starts the server bundled in the app and answers its URL. */
  startBundledServer(): Promise<{ url: string; close(): Promise<void> }>;
  fetch: typeof fetch;
  /** Eagle's local API; tests point it at a fake. */
  eagleBase?: string;
}

export const WINDOW_STATE_FILE = "window-state.json";
export const SERVER_CHOICE_FILE = "server.json";
const SAVE_STATE_DELAY_MS = 400;

export interface RunningDesktop {
  window: AppWindow;
  appOrigin: string;
  menuActions: string[];
  /** Saves the window state now (also done on close). */
  saveWindowState(): void;
}

/**
 * The desktop app: one instance, one window on the chosen server's origin, the bridge, the
 * menu, the tray, and the link policy. Everything Electron-specific goes through `shell`.
 * Returns null when another instance is already running (that one is focused instead).
 */
export async function startDesktop(
  shell: Shell,
  deps: DesktopDeps,
): Promise<RunningDesktop | null> {
  if (!shell.requestSingleInstanceLock()) {
    shell.quit();
    return null;
  }
  await shell.whenReady();

  const choice = readServerChoice(deps.files.read(SERVER_CHOICE_FILE));
  const appUrl = choice.kind === "remote" ? choice.url : (await deps.startBundledServer()).url;
  const appOrigin = new URL(appUrl).origin;
  let openLinksExternally = false;

  shell.onResponseHeaders((url, headers) => withAppCsp(url, appOrigin, headers));

  const saved = parseWindowState(deps.files.read(WINDOW_STATE_FILE));
  const placement = restoreBounds(saved, shell.displays());
  const window = shell.createWindow({
    bounds: placement.bounds,
    maximized: placement.maximized,
    preload: deps.preloadPath,
    title: deps.appName,
  });

  let lastNormal: WindowState["bounds"] | null = saved?.bounds ?? null;
  const saveWindowState = () => {
    if (window.isDestroyed()) return;
    const maximized = window.isMaximized();
    if (!maximized && !window.isMinimized()) lastNormal = window.getBounds();
    if (lastNormal) {
      deps.files.write(WINDOW_STATE_FILE, serializeWindowState({ bounds: lastNormal, maximized }));
    }
  };
  let pending: ReturnType<typeof setTimeout> | undefined;
  const saveSoon = () => {
    clearTimeout(pending);
    pending = setTimeout(saveWindowState, SAVE_STATE_DELAY_MS);
  };
  window.on("resize", saveSoon);
  window.on("move", saveSoon);
  window.on("close", () => {
    clearTimeout(pending);
    saveWindowState();
  });

  const openViewer = (url: string) => {
    const viewer = shell.createWindow({
      bounds: { width: 1000, height: 760 },
      maximized: false,
      partition: "viewer",
      title: url,
    });
    viewer.setWindowOpenHandler((next) => {
      void shell.openExternal(next);
      return { action: "deny" };
    });
    void viewer.loadURL(url);
  };
  window.setWindowOpenHandler((url) => {
    const decision = decideNewWindow(url, appOrigin, openLinksExternally);
    if (decision === "app") void window.loadURL(url);
    else if (decision === "system") void shell.openExternal(url);
    else if (decision === "viewer") openViewer(url);
    return { action: "deny" };
  });
  window.onWillNavigate((url, prevent) => {
    const decision = decideNavigation(url, appOrigin);
    if (decision === "app") return;
    prevent();
    if (decision === "system") void shell.openExternal(url);
  });

  const focus = () => {
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
  };
  shell.onSecondInstance(focus);
  shell.onActivate(focus);
  shell.onAllWindowsClosed(() => {
    if (shell.platform !== "darwin") shell.quit();
  });

  const menuActions: string[] = [];
  const sendAction = (id: string) => {
    menuActions.push(id);
    window.send(MENU_ACTION_CHANNEL, id);
  };
  shell.setApplicationMenu(buildMenuTemplate(shell.platform, deps.labels, sendAction));
  const tray = shell.createTray(deps.appName, focus);

  registerBridgeHandlers(shell, {
    appOrigin: () => appOrigin,
    openExternal: (url) => shell.openExternal(url),
    setUnreadCount: (count) => {
      showUnreadCount(shell, tray, shell.platform, deps.appName, count);
    },
    setOpenLinksExternally: (on) => {
      openLinksExternally = on;
    },
    saveToObsidian: (vaultPath, note) => writeObsidianNote(vaultPath, note),
    saveToEagle: (item) => saveToEagle(deps.fetch, item, deps.eagleBase),
    eagleAvailable: () => eagleReachable(deps.fetch, deps.eagleBase),
    getServer: () => readServerChoice(deps.files.read(SERVER_CHOICE_FILE)),
    setServer: async (next: ServerChoice) => {
      deps.files.write(SERVER_CHOICE_FILE, JSON.stringify(next));
      shell.relaunch();
      shell.quit();
    },
    notify: (title, body) => shell.showNotification(title, body),
  });

  await window.loadURL(appUrl);
  return { window, appOrigin, menuActions, saveWindowState };
}
