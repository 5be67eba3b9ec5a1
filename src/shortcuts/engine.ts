import { commandInfoList } from "../commands/catalog.ts";
import { commandHost } from "../commands/host.ts";
import { commandAvailability, ran, runCommand } from "../commands/run.ts";
import type { HandlerRegistry, ShortcutMatch } from "./handlers.ts";
import { type KeyEventLike, matchKeys } from "./keys.ts";
import { ALL_SHORTCUT_ACTIONS, actionKeys, type ShortcutAction } from "./registry.ts";
import type { ShortcutScope } from "./scopes.ts";

/** One thing a key press may trigger, in one scope. */
export interface ShortcutCandidate {
  id: string;
  scope: ShortcutScope;
  keys: readonly string[];
  run(match: ShortcutMatch): boolean;
}

/**
 * Runs the first candidate the event matches, going through the live scopes in precedence
 * order; a candidate that declines (returns false) passes the key on. Returns the id that ran.
 */
export function dispatchShortcut(
  candidates: readonly ShortcutCandidate[],
  event: KeyEventLike,
  scopes: readonly ShortcutScope[],
  isMac: boolean,
): string | undefined {
  for (const scope of scopes) {
    for (const candidate of candidates) {
      if (candidate.scope !== scope) continue;
      const index = matchKeys(candidate.keys, event, isMac);
      if (index < 0) continue;
      if (candidate.run({ index, key: candidate.keys[index]! })) return candidate.id;
    }
  }
  return undefined;
}

/** The bound actions: one candidate per live binding (its scope may differ from the action's). */
export function actionCandidates(
  handlers: HandlerRegistry,
  options: { web: boolean; event?: KeyboardEvent },
  actions: readonly ShortcutAction[] = ALL_SHORTCUT_ACTIONS,
): ShortcutCandidate[] {
  const candidates: ShortcutCandidate[] = [];
  for (const action of actions) {
    if (action.webOnly && !options.web) continue;
    for (const binding of handlers.live(action.id)) {
      candidates.push({
        id: action.id,
        scope: binding.scope ?? action.scope,
        keys: actionKeys(action, options.web),
        run: (match) => binding.handler(match, options.event) !== false,
      });
    }
  }
  return candidates;
}

/** Commands declaring a shortcut run with the current context; `when` picks among a key's. */
export function commandCandidates(): ShortcutCandidate[] {
  return commandInfoList.flatMap((command) =>
    command.shortcut
      ? [
          {
            id: command.name,
            scope: command.shortcut.scope,
            keys: [command.shortcut.keys],
            // As the palette: only when it can run now (a host, a payload or its dialog).
            run: () =>
              commandAvailability(command.name, commandHost.context()) === "ready" &&
              ran(runCommand(command.name)),
          },
        ]
      : [],
  );
}
