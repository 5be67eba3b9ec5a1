import { useEffect, useRef, useSyncExternalStore } from "react";
import { onOverlayScope } from "../ui/overlay-scope.ts";
import type { ShortcutHandler } from "./handlers.ts";
import { shortcutHandlers } from "./handlers.ts";
import type { ShortcutActionId } from "./registry.ts";
import { scopeStore } from "./scope-store.ts";
import { resolveScopes, type ShortcutScope } from "./scopes.ts";

// Open dialogs and menus of the UI kit are the modal and menu layers.
onOverlayScope((kind, isActive) => scopeStore.enter(kind, isActive));

export interface UseShortcutOptions {
  /** Where the binding is live; defaults to the action's scope in the registry. */
  scope?: ShortcutScope;
  /** False unbinds it for now (e.g. no entry open). Default true. */
  enabled?: boolean;
  /** A default behaviour that any other binding of the action overrides. */
  fallback?: boolean;
}

/**
 * Binds behaviour to a registered shortcut action while the component is mounted. The latest
 * mounted binding of an action wins; return false from the handler to pass the key on.
 */
export function useShortcut(
  actionId: ShortcutActionId,
  handler: ShortcutHandler,
  options: UseShortcutOptions = {},
): void {
  const { scope, enabled = true, fallback = false } = options;
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(
    () =>
      shortcutHandlers.bind(actionId, {
        handler: (match, event) => latest.current(match, event),
        scope,
        enabled,
        fallback,
      }),
    [actionId, scope, enabled, fallback],
  );
}

/**
 * Marks a scope as present while mounted: an area (timeline, entry-render, subscription-list,
 * video-player) or a layer (modal, menu, dropdown-menu, recording, sub-layer).
 */
export function useShortcutScope(scope: ShortcutScope, active = true): void {
  useEffect(() => (active ? scopeStore.enter(scope) : undefined), [scope, active]);
}

/** Says which area the user works in now (e.g. on focus of the timeline column). */
export function setFocusedScope(scope: ShortcutScope | undefined): void {
  scopeStore.focus(scope);
}

/** The live scopes, highest precedence first. */
export function useActiveScopes(): ShortcutScope[] {
  const state = useSyncExternalStore(scopeStore.subscribe, scopeStore.get, scopeStore.get);
  return resolveScopes(state);
}
