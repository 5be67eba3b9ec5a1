import {
  DAILY_REPORT_PATH,
  HIGHLIGHTS_PATH,
  PAGE_PATHS,
  timelinePath,
} from "../../contract/routes.ts";
import { VIEW_NAMES } from "../../contract/views.ts";
import { type CatalogEntry, type CommandName, commandInfoList } from "../commands/catalog.ts";
import type { CommandHost } from "../commands/host.ts";
import { commandAvailability, runCommand } from "../commands/run.ts";
import type { CommandContext } from "../commands/types.ts";
import type { ColorMode } from "../settings/ui.ts";
import {
  ALL_SHORTCUT_ACTIONS,
  actionKeys,
  type ShortcutAction,
  type ShortcutGroup,
  shortcutKeysOf,
  shortcutLabelKey,
} from "../shortcuts/registry.ts";
import type { SearchableItem } from "./search.ts";

const ACTION_GROUPS = {
  "entry-actions": "entries",
  "entry-render": "entries",
  integrations: "entries",
  "list-actions": "subscriptions",
  subscription: "subscriptions",
  timeline: "timeline",
  layout: "layout",
  theme: "theme",
  global: "general",
} as const satisfies Record<ShortcutGroup, string>;

/** A command's section is its domain, the part of its name before the dot. */
type CommandDomain = CommandName extends `${infer Domain}.${string}` ? Domain : never;
export type PaletteGroup =
  | "navigation"
  | CommandDomain
  | (typeof ACTION_GROUPS)[ShortcutGroup]
  | "theme";

function commandGroup(name: CommandName): CommandDomain {
  return name.slice(0, name.indexOf(".")) as CommandDomain;
}

/**
 * Palette sections, in the order shown, derived from what fills them: the pages first, then
 * each command domain as the catalogue declares it, then the shortcut actions' sections and the
 * colour modes, "general" last. A new command domain gets its section by being declared.
 */
export function paletteGroups(commands: readonly CatalogEntry[]): PaletteGroup[] {
  const groups: PaletteGroup[] = [
    "navigation",
    ...commands.map((command) => commandGroup(command.name)),
    ...Object.values(ACTION_GROUPS),
    "theme",
  ];
  const unique = [...new Set(groups)];
  return [...unique.filter((group) => group !== "general"), "general"];
}

export const PALETTE_GROUPS: readonly PaletteGroup[] = paletteGroups(commandInfoList);

export interface PaletteItem extends SearchableItem {
  group: PaletteGroup;
  /** A key binding ("$mod+K"), shown formatted. */
  shortcut?: string;
  disabled: boolean;
  run(): void;
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface PaletteSources {
  /** Translates in the UI language. */
  t: Translate;
  /** Translates in English: every item is also found by its English label. */
  en: Translate;
  commands: readonly CatalogEntry[];
  context: CommandContext;
  host: CommandHost | undefined;
  handlers: { has(actionId: string): boolean; trigger(actionId: string): boolean };
  navigate(href: string): void;
  setColorMode(mode: ColorMode): void;
  /** False in the desktop app (web-only actions are left out). */
  web: boolean;
  actions?: readonly ShortcutAction[];
}

/** Both languages' text for a key: what the item shows, and what English search finds. */
function labels(sources: PaletteSources, key: string, options?: Record<string, unknown>) {
  return { label: sources.t(key, options), englishLabel: sources.en(key, options) };
}

function navigationItems(sources: PaletteSources): PaletteItem[] {
  const { t, en } = sources;
  const views = VIEW_NAMES.map((name, view) => {
    const key = "controls:palette.items.goToView";
    return {
      id: `navigate.view.${view}`,
      group: "navigation" as const,
      label: t(key, { view: t(`app:views.${name}`) }),
      englishLabel: en(key, { view: en(`app:views.${name}`) }),
      keywords: [name, String(view + 1)],
      disabled: false,
      run: () => sources.navigate(timelinePath({ view })),
    };
  });
  const shortcuts: Partial<Record<keyof typeof PAGE_PATHS, string | undefined>> = {
    discover: shortcutKeysOf("global.discover", sources.web)[0],
    settings: shortcutKeysOf("global.settings", sources.web)[0],
  };
  const pages = Object.entries(PAGE_PATHS).map(
    ([id, href]) => [id, href, shortcuts[id as keyof typeof PAGE_PATHS]] as const,
  );
  return [
    ...views,
    ...pages.map(([id, href, shortcut]) => ({
      id: `navigate.${id}`,
      group: "navigation" as const,
      ...labels(sources, `controls:palette.items.${id}`),
      keywords: [href],
      shortcut,
      disabled: false,
      run: () => sources.navigate(href),
    })),
    {
      id: "navigate.dailyReport",
      group: "navigation" as const,
      ...labels(sources, "ai:dailyReport.title"),
      keywords: [DAILY_REPORT_PATH, "ai", "digest"],
      disabled: false,
      run: () => sources.navigate(DAILY_REPORT_PATH),
    },
    {
      id: "navigate.highlights",
      group: "navigation" as const,
      ...labels(sources, "reader:highlights.pageTitle"),
      keywords: [HIGHLIGHTS_PATH, "highlight", "notes", "tags", "export"],
      disabled: false,
      run: () => sources.navigate(HIGHLIGHTS_PATH),
    },
  ];
}

function themeItems(sources: PaletteSources): PaletteItem[] {
  return (["light", "dark", "system"] as const).map((mode) => ({
    id: `theme.${mode}`,
    group: "theme" as const,
    ...labels(sources, `controls:palette.items.colorMode.${mode}`),
    keywords: ["theme", "color", mode],
    disabled: false,
    run: () => sources.setColorMode(mode),
  }));
}

/** Shortcut actions the palette offers while something binds them. */
function actionItems(sources: PaletteSources): PaletteItem[] {
  const actions: readonly ShortcutAction[] = sources.actions ?? ALL_SHORTCUT_ACTIONS;
  return actions
    .filter((action) => action.palette && (!action.webOnly || sources.web))
    .filter((action) => sources.handlers.has(action.id))
    .map((action) => ({
      id: action.id,
      group: ACTION_GROUPS[action.group],
      ...labels(sources, shortcutLabelKey(action.id)),
      keywords: [action.group],
      shortcut: actionKeys(action, sources.web)[0],
      disabled: false,
      run: () => void sources.handlers.trigger(action.id),
    }));
}

function commandItems(sources: PaletteSources): PaletteItem[] {
  return sources.commands.flatMap((command) => {
    const availability = commandAvailability(command.name, sources.context, sources.host);
    if (availability === "hidden") return [];
    return [
      {
        id: command.name,
        group: commandGroup(command.name),
        ...labels(sources, command.label),
        keywords: command.keywords ?? [],
        shortcut: command.shortcut?.keys,
        disabled: availability === "disabled",
        run: () => void runCommand(command.name, sources.context, undefined, sources.host),
      },
    ];
  });
}

/** Everything the palette lists now, in section order. */
export function buildPaletteItems(sources: PaletteSources): PaletteItem[] {
  const items = [
    ...navigationItems(sources),
    ...commandItems(sources),
    ...actionItems(sources),
    ...themeItems(sources),
  ];
  return paletteGroups(sources.commands).flatMap((group) =>
    items.filter((item) => item.group === group),
  );
}
