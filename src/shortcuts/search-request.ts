import { useSyncExternalStore } from "react";

/**
 * Whether the search dialog is open, with the text to start from, and the terms of the result
 * last opened (the entry pane marks them). Anything can open it: the column's search field,
 * the shortcut and the palette.
 */
export interface SearchOpenRequest {
  keyword: string;
}

let request: SearchOpenRequest | null = null;
const listeners = new Set<() => void>();

function set(next: SearchOpenRequest | null) {
  request = next;
  for (const listener of listeners) listener();
}

export function openSearch(keyword = "") {
  set({ keyword });
}

export function closeSearch() {
  set(null);
}

export function useSearchRequest(): SearchOpenRequest | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => request,
    () => null,
  );
}
