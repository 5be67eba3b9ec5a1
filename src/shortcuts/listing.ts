import type { CatalogEntry } from "../commands/catalog.ts";
import {
  ALL_SHORTCUT_ACTIONS,
  actionKeys,
  SHORTCUT_GROUPS,
  type ShortcutAction,
  type ShortcutGroup,
  shortcutLabelKey,
} from "./registry.ts";
import type { ShortcutScope } from "./scopes.ts";

export interface ShortcutListItem {
  id: string;
  /** i18n key with namespace. */
  labelKey: string;
  keys: readonly string[];
  scope: ShortcutScope;
}

export interface ShortcutListGroup {
  group: ShortcutGroup;
  items: ShortcutListItem[];
}

/** The group a command's shortcut is listed under, from its scope. */
function commandGroup(scope: ShortcutScope): ShortcutGroup {
  switch (scope) {
    case "entry-render":
      return "entry-actions";
    case "subscription-list":
      return "subscription";
    case "timeline":
      return "timeline";
    default:
      return "global";
  }
}

/**
 * Every shortcut, actions and commands alike, grouped in SHORTCUT_GROUPS order; empty groups are left
 * out. Inside a group, commands come first, then actions in registry order.
 */
export function shortcutListing(
  commands: readonly CatalogEntry[],
  options: { web: boolean },
  actions: readonly ShortcutAction[] = ALL_SHORTCUT_ACTIONS,
): ShortcutListGroup[] {
  const byGroup = new Map<ShortcutGroup, ShortcutListItem[]>();
  const add = (group: ShortcutGroup, item: ShortcutListItem) =>
    byGroup.set(group, [...(byGroup.get(group) ?? []), item]);
  for (const command of commands) {
    if (!command.shortcut) continue;
    add(commandGroup(command.shortcut.scope), {
      id: command.name,
      labelKey: command.label,
      keys: [command.shortcut.keys],
      scope: command.shortcut.scope,
    });
  }
  for (const action of actions) {
    if (action.webOnly && !options.web) continue;
    add(action.group, {
      id: action.id,
      labelKey: shortcutLabelKey(action.id),
      keys: actionKeys(action, options.web),
      scope: action.scope,
    });
  }
  return SHORTCUT_GROUPS.flatMap((group) => {
    const items = byGroup.get(group);
    return items?.length ? [{ group, items }] : [];
  });
}
