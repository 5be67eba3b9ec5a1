import type {
  AppWindow,
  Bounds,
  IpcSender,
  MenuItemSpec,
  Shell,
  WindowOpenAnswer,
  WindowOptions,
} from "../shell.ts";

/** A window that records what the desktop logic did to it. */
export class FakeWindow implements AppWindow {
  static nextId = 1;
  readonly id = FakeWindow.nextId++;
  loaded: string[] = [];
  sent: Array<[string, unknown[]]> = [];
  bounds: Bounds = { x: 0, y: 0, width: 1200, height: 800 };
  maximized = false;
  minimized = false;
  destroyed = false;
  focused = 0;
  openHandler: ((url: string) => WindowOpenAnswer) | undefined;
  navigateHandler: ((url: string, prevent: () => void) => void) | undefined;
  private listeners = new Map<string, Array<() => void>>();
  readonly options: WindowOptions;
  constructor(options: WindowOptions) {
    this.options = options;
    if (options.bounds.x !== undefined) this.bounds = options.bounds as Bounds;
    this.maximized = options.maximized;
  }
  async loadURL(url: string) {
    this.loaded.push(url);
  }
  getBounds() {
    return { ...this.bounds };
  }
  isMaximized() {
    return this.maximized;
  }
  isMinimized() {
    return this.minimized;
  }
  isDestroyed() {
    return this.destroyed;
  }
  restore() {
    this.minimized = false;
  }
  focus() {
    this.focused++;
  }
  show() {}
  on(event: string, listener: () => void) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
  }
  emit(event: string) {
    for (const listener of this.listeners.get(event) ?? []) listener();
  }
  send(channel: string, ...args: unknown[]) {
    this.sent.push([channel, args]);
  }
  setWindowOpenHandler(handler: (url: string) => WindowOpenAnswer) {
    this.openHandler = handler;
  }
  onWillNavigate(handler: (url: string, prevent: () => void) => void) {
    this.navigateHandler = handler;
  }
  /** Simulates a navigation; answers whether it was prevented. */
  navigate(url: string): boolean {
    let prevented = false;
    this.navigateHandler?.(url, () => {
      prevented = true;
    });
    return prevented;
  }
}

/** The Electron shell as plain objects: everything the logic asks is recorded. */
export class FakeShell implements Shell {
  readonly userDataDir = "/nonexistent";
  readonly locale = "en-US";
  windows: FakeWindow[] = [];
  menu: MenuItemSpec[] = [];
  badge: number[] = [];
  tooltips: string[] = [];
  opened: string[] = [];
  notifications: Array<[string, string]> = [];
  handlers = new Map<string, (sender: IpcSender, args: unknown[]) => unknown>();
  quits = 0;
  relaunches = 0;
  secondInstance: (() => void) | undefined;
  headerTransform:
    | ((url: string, headers: Record<string, string[]>) => Record<string, string[]>)
    | undefined;
  readonly platform: "darwin" | "win32" | "linux";
  private lock: boolean;
  constructor(platform: "darwin" | "win32" | "linux" = "linux", lock = true) {
    this.platform = platform;
    this.lock = lock;
  }
  requestSingleInstanceLock() {
    return this.lock;
  }
  onSecondInstance(listener: () => void) {
    this.secondInstance = listener;
  }
  onAllWindowsClosed() {}
  onActivate() {}
  async whenReady() {}
  quit() {
    this.quits++;
  }
  relaunch() {
    this.relaunches++;
  }
  createWindow(options: WindowOptions) {
    const window = new FakeWindow(options);
    this.windows.push(window);
    return window;
  }
  displays() {
    return [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }];
  }
  setApplicationMenu(template: MenuItemSpec[]) {
    this.menu = template;
  }
  setBadgeCount(count: number) {
    this.badge.push(count);
    return true;
  }
  createTray(tooltip: string) {
    this.tooltips.push(tooltip);
    return { setToolTip: (text: string) => this.tooltips.push(text) };
  }
  async openExternal(url: string) {
    this.opened.push(url);
  }
  handle(channel: string, handler: (sender: IpcSender, args: unknown[]) => unknown) {
    this.handlers.set(channel, handler);
  }
  showNotification(title: string, body: string) {
    this.notifications.push([title, body]);
  }
  onResponseHeaders(
    transform: (url: string, headers: Record<string, string[]>) => Record<string, string[]>,
  ) {
    this.headerTransform = transform;
  }
  /** Calls a bridge channel the way the preload would, from a page at `url`. */
  async invoke(channel: string, url: string, ...args: unknown[]) {
    const handler = this.handlers.get(channel);
    if (!handler) throw new Error(`no handler for ${channel}`);
    return handler({ windowId: this.windows[0]?.id, url }, args);
  }
}
