import { INTEGRATION_SERVICES, type IntegrationService } from "../../contract/integrations.ts";
import type { ShortcutScope } from "./scopes.ts";

/** SPEC §2 shortcut groups, in the order the shortcut list shows them. */
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
 * Every keyboard action that is not a command. Commands of src/commands that declare a
 * `shortcut` are added to the same list and groups (see listing.ts). Labels are
 * `controls:shortcuts.actions.<id>`.
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

/**
 * "Save to <service>" (SPEC §2 group "integrations"): bound by the entry toolbar while the
 * service is set up, so the palette offers them then; no default keys (the user may bind some).
 */
export const INTEGRATION_ACTIONS: readonly ShortcutAction[] = INTEGRATION_SERVICES.map(
  (service) => ({
    id: integrationActionId(service),
    keys: [],
    scope: "entry-render",
    group: "integrations",
    palette: true,
    labelKey: `integrations:saveTo.${service}`,
  }),
);

export function integrationActionId(service: IntegrationService) {
  return `integrations.saveTo.${service}` as const;
}

/** Every action: the list above and the integrations'. */
export const ALL_SHORTCUT_ACTIONS: readonly ShortcutAction[] = [
  ...SHORTCUT_ACTIONS,
  ...INTEGRATION_ACTIONS,
];

export type ShortcutActionId =
  | (typeof SHORTCUT_ACTIONS)[number]["id"]
  | ReturnType<typeof integrationActionId>;

const byId = new Map<string, ShortcutAction>(
  ALL_SHORTCUT_ACTIONS.map((action) => [action.id, action]),
);

export function findShortcutAction(id: string): ShortcutAction | undefined {
  return byId.get(id);
}

/** The keys of an action where the app runs: `webKeys` in a browser when it has them. */
export function actionKeys(action: ShortcutAction, web: boolean): readonly string[] {
  return web && action.webKeys ? action.webKeys : action.keys;
}

/** The keys of an action by id (none when unknown), as the shortcut sheet and palette show. */
export function shortcutKeysOf(id: string, web: boolean): readonly string[] {
  const action = byId.get(id);
  return action ? actionKeys(action, web) : [];
}

export function shortcutLabelKey(id: string): string {
  return byId.get(id)?.labelKey ?? `controls:shortcuts.actions.${id}`;
}
