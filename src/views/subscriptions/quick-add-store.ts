import { useSyncExternalStore } from "react";

/**
 * Whether the quick add dialog is open, and with what. Anything can open it: the column's
 * button, the empty state, and the Ctrl/Cmd+N shortcut and the palette (src/shortcuts,
 * src/palette) through `openQuickAdd`.
 */
export interface QuickAddRequest {
  url?: string;
  view?: number;
}

let request: QuickAddRequest | null = null;
const listeners = new Set<() => void>();

function set(next: QuickAddRequest | null) {
  request = next;
  for (const listener of listeners) listener();
}

export function openQuickAdd(next: QuickAddRequest = {}) {
  set({ ...next });
}

export function closeQuickAdd() {
  set(null);
}

export function useQuickAddRequest(): QuickAddRequest | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => request,
    () => null,
  );
}
