/**
 * The thin adapter over the `electron` module: everything the desktop logic asks of Electron,
 * and nothing more. electron-shell.ts implements it with the real module; the main-process
 * tests implement it with plain objects, since the Electron binary is not on these machines.
 */
export type Platform = "darwin" | "win32" | "linux";

export interface Bounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One item of the native application menu (a subset of Electron's MenuItemConstructorOptions). */
export interface MenuItemSpec {
  id?: string;
  label?: string;
  role?: string;
  type?: "separator" | "submenu" | "normal";
  accelerator?: string;
  /** false: the accelerator is only shown; the renderer handles the key itself. */
  registerAccelerator?: boolean;
  submenu?: MenuItemSpec[];
  click?: () => void;
}

export interface WindowOptions {
  bounds: Partial<Bounds> & Pick<Bounds, "width" | "height">;
  maximized: boolean;
  /** Absent for windows that get no bridge (link viewers). */
  preload?: string;
  /** A session partition of its own (link viewers never share the app's cookies). */
  partition?: string;
  title: string;
}

/** What a new-window request or a navigation is answered with. */
export type WindowOpenAnswer = { action: "deny" } | { action: "allow" };

export interface AppWindow {
  readonly id: number;
  loadURL(url: string): Promise<void>;
  getBounds(): Bounds;
  isMaximized(): boolean;
  isMinimized(): boolean;
  isDestroyed(): boolean;
  restore(): void;
  focus(): void;
  show(): void;
  on(event: "close" | "resize" | "move" | "closed", listener: () => void): void;
  send(channel: string, ...args: unknown[]): void;
  /** The page asks for a new window (window.open, target=_blank). */
  setWindowOpenHandler(handler: (url: string) => WindowOpenAnswer): void;
  /** The page is about to navigate; `prevent` keeps it where it is. */
  onWillNavigate(handler: (url: string, prevent: () => void) => void): void;
}

/** The sender of an IPC call: which window and which page. */
export interface IpcSender {
  windowId: number | undefined;
  url: string;
}

export interface Display {
  workArea: Bounds;
}

export interface Shell {
  readonly platform: Platform;
  /** The per-user folder for the app's own files (window state, server choice, local server). */
  readonly userDataDir: string;
  readonly locale: string;
  requestSingleInstanceLock(): boolean;
  onSecondInstance(listener: () => void): void;
  onAllWindowsClosed(listener: () => void): void;
  onActivate(listener: () => void): void;
  whenReady(): Promise<void>;
  quit(): void;
  relaunch(): void;
  createWindow(options: WindowOptions): AppWindow;
  displays(): Display[];
  setApplicationMenu(template: MenuItemSpec[]): void;
  /** The count on the dock (macOS) or launcher (Linux Unity); false where unsupported. */
  setBadgeCount(count: number): boolean;
  createTray(tooltip: string, onClick: () => void): { setToolTip(text: string): void };
  openExternal(url: string): Promise<void>;
  handle(channel: string, handler: (sender: IpcSender, args: unknown[]) => unknown): void;
  showNotification(title: string, body: string): void;
  /** Adds response headers (the CSP) to what the app's session receives. */
  onResponseHeaders(
    transform: (url: string, headers: Record<string, string[]>) => Record<string, string[]>,
  ): void;
}
