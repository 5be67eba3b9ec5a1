import type { ShortcutScope } from "./scopes.ts";

/** Which of an action's keys was pressed (e.g. the index 2 of "1".."6" is view 2). */
export interface ShortcutMatch {
  index: number;
  key: string;
}

/**
 * Runs an action. Returning false means "not handled here": the key goes on to the next
 * candidate and the browser's default is kept.
 */
// biome-ignore lint/suspicious/noConfusingVoidType: handlers usually return nothing.
export type ShortcutHandler = (match: ShortcutMatch, event?: KeyboardEvent) => boolean | void;

export interface HandlerBinding {
  handler: ShortcutHandler;
  /** Overrides the action's scope for this binding. */
  scope?: ShortcutScope;
  enabled: boolean;
  /** A default behaviour: any other binding of the action wins over it. */
  fallback?: boolean;
}

/** The handlers bound to actions; the latest enabled binding of an action is the live one. */
export function createHandlerRegistry() {
  const bindings = new Map<string, HandlerBinding[]>();
  const listeners = new Set<() => void>();
  let version = 0;
  const notify = () => {
    version++;
    for (const listener of listeners) listener();
  };

  return {
    bind(actionId: string, binding: HandlerBinding): () => void {
      const list = bindings.get(actionId) ?? [];
      bindings.set(actionId, [...list, binding]);
      notify();
      return () => {
        const rest = (bindings.get(actionId) ?? []).filter((b) => b !== binding);
        if (rest.length) bindings.set(actionId, rest);
        else bindings.delete(actionId);
        notify();
      };
    },
    /** The enabled bindings of an action: newest first, fallbacks last. */
    live(actionId: string): HandlerBinding[] {
      const enabled = (bindings.get(actionId) ?? []).filter((b) => b.enabled).reverse();
      return [...enabled.filter((b) => !b.fallback), ...enabled.filter((b) => b.fallback)];
    },
    has(actionId: string): boolean {
      return (bindings.get(actionId) ?? []).some((b) => b.enabled);
    },
    /** Runs the action as if its first key was pressed (the palette does this). */
    trigger(actionId: string): boolean {
      for (const binding of this.live(actionId)) {
        if (binding.handler({ index: 0, key: "" }) !== false) return true;
      }
      return false;
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    version: () => version,
  };
}

export type HandlerRegistry = ReturnType<typeof createHandlerRegistry>;

export const shortcutHandlers = createHandlerRegistry();
