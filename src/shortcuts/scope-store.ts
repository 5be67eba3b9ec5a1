import { isLayerScope, type ScopeState, type ShortcutScope } from "./scopes.ts";

interface Entry {
  id: number;
  scope: ShortcutScope;
  /** Asked at key time, e.g. whether a dialog is still open (its close event comes later). */
  isActive?: () => boolean;
}

function stateOf(entries: readonly Entry[], focused: ShortcutScope | undefined): ScopeState {
  return {
    layers: entries.filter((e) => isLayerScope(e.scope)).map((e) => e.scope),
    mounted: [...new Set(entries.filter((e) => !isLayerScope(e.scope)).map((e) => e.scope))],
    focused,
  };
}

/** Which scopes are open or mounted now; components add themselves and remove on unmount. */
export function createScopeStore() {
  let entries: Entry[] = [];
  let focused: ShortcutScope | undefined;
  let nextId = 0;
  let snapshot: ScopeState = { layers: [], mounted: [] };
  const listeners = new Set<() => void>();

  function publish() {
    snapshot = stateOf(entries, focused);
    for (const listener of listeners) listener();
  }

  return {
    get: () => snapshot,
    /** The state right now, leaving out entries that say they are no longer active. */
    current: (): ScopeState =>
      stateOf(
        entries.filter((e) => e.isActive?.() ?? true),
        focused,
      ),
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Opens a layer or mounts an area; returns its removal. */
    enter(scope: ShortcutScope, isActive?: () => boolean): () => void {
      const entry: Entry = { id: nextId++, scope, isActive };
      entries = [...entries, entry];
      publish();
      return () => {
        entries = entries.filter((e) => e.id !== entry.id);
        publish();
      };
    },
    focus(scope: ShortcutScope | undefined) {
      if (focused === scope) return;
      focused = scope;
      publish();
    },
  };
}

export type ScopeStore = ReturnType<typeof createScopeStore>;

/** The app's scopes. */
export const scopeStore = createScopeStore();
