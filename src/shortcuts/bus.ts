/**
 * A tiny event bus for UI the keyboard and the palette open but another part of the app owns:
 * the reader's quick add dialog, the shortcut list, the command palette.
 */
export type ControlEvent = "quick-add" | "shortcuts-dialog" | "command-palette";

const listeners = new Map<ControlEvent, Set<() => void>>();

/**
 * An event nobody listened to yet, kept this long: the palette and the shortcut list mount
 * once their strings arrive just after the start, and a Ctrl+K pressed before that opens
 * them when they do instead of being lost. Older than this, it is not what the person is
 * waiting for any more.
 */
const KEEP_UNHEARD_MS = 10_000;
const unheard = new Map<ControlEvent, number>();

function emitControlEvent(event: ControlEvent): void {
  const set = listeners.get(event);
  if (!set || set.size === 0) {
    unheard.set(event, Date.now());
    return;
  }
  for (const listener of set) listener();
}

export function onControlEvent(event: ControlEvent, listener: () => void): () => void {
  let set = listeners.get(event);
  if (!set) {
    set = new Set();
    listeners.set(event, set);
  }
  set.add(listener);
  const at = unheard.get(event);
  if (at !== undefined) {
    // After the subscribing effect has returned, as a live event would come; to a listener
    // still there (a remount's first subscription is undone at once).
    queueMicrotask(() => {
      if (!set.has(listener) || unheard.get(event) !== at) return;
      unheard.delete(event);
      if (Date.now() - at <= KEEP_UNHEARD_MS) listener();
    });
  }
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
