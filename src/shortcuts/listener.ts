import { actionCandidates, commandCandidates, dispatchShortcut } from "./engine.ts";
import type { HandlerRegistry } from "./handlers.ts";
import type { ScopeStore } from "./scope-store.ts";
import { resolveScopes } from "./scopes.ts";
import { shouldIgnoreKeyEvent } from "./typing-guard.ts";

export interface ShortcutListenerOptions {
  handlers: HandlerRegistry;
  scopes: ScopeStore;
  isMac: boolean;
  /** False in the desktop app: web-only shortcuts (quick add) belong to its menu there. */
  web: boolean;
}

/** One keydown listener for the whole app; returns its removal. */
export function installShortcutListener(
  target: Pick<Window, "addEventListener" | "removeEventListener">,
  options: ShortcutListenerOptions,
): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    if (shouldIgnoreKeyEvent(event)) return;
    const candidates = [
      ...actionCandidates(options.handlers, { web: options.web, event }),
      ...commandCandidates(),
    ];
    const ran = dispatchShortcut(
      candidates,
      event,
      resolveScopes(options.scopes.current()),
      options.isMac,
    );
    if (ran) {
      event.preventDefault();
      event.stopPropagation();
    }
  };
  target.addEventListener("keydown", onKeyDown);
  return () => target.removeEventListener("keydown", onKeyDown);
}
