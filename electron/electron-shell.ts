import {
  app,
  BrowserWindow,
  type IpcMainInvokeEvent,
  ipcMain,
  Menu,
  type MenuItemConstructorOptions,
  Notification,
  nativeImage,
  screen,
  session,
  shell as systemShell,
  Tray,
} from "electron";
import type { AppWindow, Platform, Shell, WindowOptions } from "./shell.ts";

/** The thin adapter: Shell over the real `electron` module (not loaded by the tests). */
export function createElectronShell(trayIcon: string): Shell {
  const wrap = (win: BrowserWindow): AppWindow => ({
    id: win.id,
    loadURL: (url) => win.loadURL(url),
    getBounds: () => win.getBounds(),
    isMaximized: () => win.isMaximized(),
    isMinimized: () => win.isMinimized(),
    isDestroyed: () => win.isDestroyed(),
    restore: () => win.restore(),
    focus: () => win.focus(),
    show: () => win.show(),
    on: (event, listener) => {
      win.on(event as "close", listener);
    },
    send: (channel, ...args) => win.webContents.send(channel, ...args),
    setWindowOpenHandler: (handler) =>
      win.webContents.setWindowOpenHandler(({ url }) => handler(url)),
    onWillNavigate: (handler) =>
      win.webContents.on("will-navigate", (event) =>
        handler(event.url, () => event.preventDefault()),
      ),
  });

  return {
    platform: process.platform as Platform,
    userDataDir: app.getPath("userData"),
    locale: app.getLocale(),
    requestSingleInstanceLock: () => app.requestSingleInstanceLock(),
    onSecondInstance: (listener) => app.on("second-instance", listener),
    onAllWindowsClosed: (listener) => app.on("window-all-closed", listener),
    onActivate: (listener) => app.on("activate", listener),
    whenReady: () => app.whenReady(),
    quit: () => app.quit(),
    relaunch: () => app.relaunch(),
    createWindow: (options: WindowOptions) => {
      const win = new BrowserWindow({
        ...options.bounds,
        title: options.title,
        show: false,
        webPreferences: {
          contextIsolation: true,
          sandbox: true,
          nodeIntegration: false,
          webviewTag: false,
          spellcheck: true,
          ...(options.preload ? { preload: options.preload } : {}),
          ...(options.partition ? { partition: options.partition } : {}),
        },
      });
      if (options.maximized) win.maximize();
      win.once("ready-to-show", () => win.show());
      return wrap(win);
    },
    displays: () => screen.getAllDisplays().map((d) => ({ workArea: d.workArea })),
    setApplicationMenu: (template) =>
      Menu.setApplicationMenu(
        Menu.buildFromTemplate(template as unknown as MenuItemConstructorOptions[]),
      ),
    setBadgeCount: (count) => app.setBadgeCount(count),
    createTray: (tooltip, onClick) => {
      const tray = new Tray(nativeImage.createFromPath(trayIcon));
      tray.setToolTip(tooltip);
      tray.on("click", onClick);
      return { setToolTip: (text) => tray.setToolTip(text) };
    },
    openExternal: (url) => systemShell.openExternal(url),
    handle: (channel, handler) =>
      ipcMain.handle(channel, (event: IpcMainInvokeEvent, ...args: unknown[]) =>
        handler(
          {
            windowId: BrowserWindow.fromWebContents(event.sender)?.id,
            url: event.senderFrame?.url ?? "",
          },
          args,
        ),
      ),
    showNotification: (title, body) => new Notification({ title, body }).show(),
    onResponseHeaders: (transform) =>
      session.defaultSession.webRequest.onHeadersReceived((details, callback) =>
        callback({
          responseHeaders: transform(
            details.url,
            (details.responseHeaders ?? {}) as Record<string, string[]>,
          ),
        }),
      ),
  };
}
