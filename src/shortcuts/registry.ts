import { INTEGRATION_SERVICES, type IntegrationService } from "../../contract/integrations.ts";
import {
  SHORTCUT_ACTIONS,
  SHORTCUT_GROUPS,
  type ShortcutAction,
  type ShortcutGroup,
} from "../../contract/shortcuts.ts";

export { SHORTCUT_ACTIONS, SHORTCUT_GROUPS, type ShortcutAction, type ShortcutGroup };

/**
 * "Save to <service>" (the group "integrations"): bound by the entry toolbar while the
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

/**
 * POWER's money actions: online only (never queued), so not commands; bound by the entry
 * toolbar (tip, boost the entry's feed) and the wallet's claim button while they can run, so
 * the palette offers them then. No default keys.
 */
export const POWER_ACTIONS = [
  {
    id: "power.tipEntry",
    keys: [],
    scope: "entry-render",
    group: "entry-actions",
    palette: true,
    labelKey: "power:actions.tipEntry",
  },
  {
    id: "power.boostFeed",
    keys: [],
    scope: "entry-render",
    group: "entry-actions",
    palette: true,
    labelKey: "power:actions.boostFeed",
  },
  {
    id: "power.claimDaily",
    keys: [],
    scope: "home",
    group: "global",
    palette: true,
    labelKey: "power:actions.claimDaily",
  },
] as const satisfies readonly ShortcutAction[];

/** Every action: the list above, the integrations' and POWER's. */
export const ALL_SHORTCUT_ACTIONS: readonly ShortcutAction[] = [
  ...SHORTCUT_ACTIONS,
  ...INTEGRATION_ACTIONS,
  ...POWER_ACTIONS,
];

export type ShortcutActionId =
  | (typeof SHORTCUT_ACTIONS)[number]["id"]
  | ReturnType<typeof integrationActionId>
  | (typeof POWER_ACTIONS)[number]["id"];

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
