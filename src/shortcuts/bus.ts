/**
 * A tiny event bus for UI the keyboard and the palette open but another part of the app owns:
 * the reader's quick add dialog, the shortcut list, the command palette.
 */
export type ControlEvent = "quick-add" | "shortcuts-dialog" | "command-palette";

const listeners = new Map<ControlEvent, Set<() => void>>();

function emitControlEvent(event: ControlEvent): void {
  for (const listener of listeners.get(event) ?? []) listener();
}

export function onControlEvent(event: ControlEvent, listener: () => void): () => void {
  let set = listeners.get(event);
  if (!set) {
    set = new Set();
    listeners.set(event, set);
  }
  set.add(listener);
  return () => set.delete(listener);
}

/** Quick add (Alt+N on the web, Ctrl/Cmd+N in the desktop app) and the palette: open the quick add (subscribe by URL) dialog. */
export function openQuickAdd(): void {
  emitControlEvent("quick-add");
}

/** The reader's quick add dialog listens here; returns the unsubscribe. */
export function onOpenQuickAdd(listener: () => void): () => void {
  return onControlEvent("quick-add", listener);
}

export function openShortcutsDialog(): void {
  emitControlEvent("shortcuts-dialog");
}

export function openCommandPalette(): void {
  emitControlEvent("command-palette");
}
