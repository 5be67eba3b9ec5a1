/**
 * The keyboard actions and their default keys, shared by the client (which listens for them)
 * and the desktop shell (whose native menu shows and sends the same actions).
 */
/** Where a shortcut applies: a layer that takes the keyboard or an area of the screen. */
export const SHORTCUT_SCOPES = [
  "home",
  "menu",
  "modal",
  "dropdown-menu",
  "recording",
  "video-player",
  "timeline",
  "entry-render",
  "subscription-list",
  "sub-layer",
] as const;
export type ShortcutScope = (typeof SHORTCUT_SCOPES)[number];

/** Shortcut groups, in the order the shortcut list shows them. */
export const SHORTCUT_GROUPS = [
  "entry-actions",
  "integrations",
  "list-actions",
  "theme",
  "global",
  "layout",
  "timeline",
  "entry-render",
  "subscription",
] as const;
export type ShortcutGroup = (typeof SHORTCUT_GROUPS)[number];

export interface ShortcutAction {
  readonly id: string;
  /** Alternatives; any of them triggers the action. `$mod` is Meta on macOS, Control elsewhere. */
  readonly keys: readonly string[];
  readonly scope: ShortcutScope;
  readonly group: ShortcutGroup;
  /** Only in the browser: the desktop app's menu owns the key. */
  readonly webOnly?: boolean;
  /**
   * In the browser instead of `keys`: a browser window keeps some chords for itself (new
   * window, new tab, close tab: see browser-reserved.ts) and the page never receives them.
   */
  readonly webKeys?: readonly string[];
  /** Also offered in the command palette while a handler is bound. */
  readonly palette?: boolean;
  /** Its label, when not `controls:shortcuts.actions.<id>`. */
  readonly labelKey?: string;
}

/**
 * Every keyboard action that is not a command, with its default keys. The client adds the
 * commands that declare a `shortcut` to the same list and groups; the desktop menu offers some
 * of these actions with the same keys. Labels are `controls:shortcuts.actions.<id>`.
 */
export const SHORTCUT_ACTIONS = [
  // Global
  {
    id: "global.showShortcuts",
    keys: ["?", "Shift+/"],
    scope: "home",
    group: "global",
    palette: true,
  },
  { id: "global.commandPalette", keys: ["$mod+K"], scope: "home", group: "global" },
  { id: "global.settings", keys: ["$mod+,"], scope: "home", group: "global" },
  { id: "global.discover", keys: ["$mod+T"], webKeys: ["Alt+T"], scope: "home", group: "global" },
  {
    id: "global.search",
    keys: ["$mod+Shift+F", "/"],
    scope: "home",
    group: "global",
    palette: true,
  },
  {
    id: "global.quickAdd",
    keys: ["$mod+N"],
    webKeys: ["Alt+N"],
    scope: "home",
    group: "global",
    webOnly: true,
    palette: true,
  },
  { id: "global.toggleCornerPlay", keys: ["P"], scope: "home", group: "global", palette: true },
  // Layout
  {
    id: "layout.toggleSubscriptionColumn",
    keys: ["["],
    scope: "home",
    group: "layout",
    palette: true,
  },
  { id: "layout.focusSubscription", keys: ["Alt+1"], scope: "home", group: "layout" },
  { id: "layout.focusTimeline", keys: ["Alt+2"], scope: "home", group: "layout" },
  { id: "layout.focusEntry", keys: ["Alt+3"], scope: "home", group: "layout" },
  { id: "layout.toggleWideMode", keys: ["]"], scope: "home", group: "layout", palette: true },
  {
    id: "layout.toggleZenMode",
    keys: ["Shift+$mod+Z"],
    scope: "home",
    group: "layout",
    palette: true,
  },
  // Theme
  {
    id: "theme.toggleColorMode",
    keys: ["Shift+$mod+L"],
    scope: "home",
    group: "theme",
    palette: true,
  },
  // Timeline
  { id: "timeline.next", keys: ["J", "ArrowDown"], scope: "timeline", group: "timeline" },
  { id: "timeline.previous", keys: ["K", "ArrowUp"], scope: "timeline", group: "timeline" },
  { id: "timeline.refetch", keys: ["R"], scope: "timeline", group: "timeline", palette: true },
  { id: "timeline.unreadOnly", keys: ["U"], scope: "timeline", group: "timeline", palette: true },
  {
    id: "timeline.oldestFirst",
    keys: ["Shift+O"],
    scope: "timeline",
    group: "timeline",
    palette: true,
  },
  // Entry render
  { id: "entry.scrollDown", keys: ["Space"], scope: "entry-render", group: "entry-render" },
  { id: "entry.scrollUp", keys: ["Shift+Space"], scope: "entry-render", group: "entry-render" },
  { id: "entry.next", keys: ["N"], scope: "entry-render", group: "entry-render" },
  { id: "entry.previous", keys: ["Shift+N"], scope: "entry-render", group: "entry-render" },
  // Entry actions (star and read/unread are commands)
  {
    id: "entry.openInBrowser",
    keys: ["B"],
    scope: "entry-render",
    group: "entry-actions",
    palette: true,
  },
  {
    id: "entry.copyLink",
    keys: ["Shift+$mod+C"],
    scope: "entry-render",
    group: "entry-actions",
    palette: true,
  },
  {
    id: "entry.share",
    keys: ["$mod+Alt+S"],
    scope: "entry-render",
    group: "entry-actions",
    palette: true,
  },
  {
    id: "entry.readability",
    keys: ["Shift+R"],
    scope: "entry-render",
    group: "entry-actions",
    palette: true,
  },
  // Turns the text selected in the entry into a highlight (the default colour).
  { id: "entry.highlightSelection", keys: ["H"], scope: "entry-render", group: "entry-actions" },
  // Subscription column (mark all read is a command)
  {
    id: "subscription.switchToView",
    keys: ["1", "2", "3", "4", "5", "6"],
    scope: "subscription-list",
    group: "subscription",
  },
  {
    id: "subscription.next",
    keys: ["J", "ArrowDown"],
    scope: "subscription-list",
    group: "subscription",
  },
  {
    id: "subscription.previous",
    keys: ["K", "ArrowUp"],
    scope: "subscription-list",
    group: "subscription",
  },
  {
    id: "subscription.toggleFolder",
    keys: ["O"],
    scope: "subscription-list",
    group: "subscription",
    palette: true,
  },
  {
    id: "subscription.openInBrowser",
    keys: ["Shift+B"],
    scope: "subscription-list",
    group: "subscription",
    palette: true,
  },
] as const satisfies readonly ShortcutAction[];
