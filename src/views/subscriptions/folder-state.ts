import { useSyncExternalStore } from "react";

/** Which folders are collapsed, per view, remembered in localStorage. */
const KEY = "follow:collapsed-folders";
const listeners = new Set<() => void>();
let collapsed: Set<string> = load();

function load(): Set<string> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? "[]");
    return new Set(Array.isArray(parsed) ? parsed.map(String) : []);
  } catch {
    return new Set();
  }
}

const key = (view: number, name: string) => `${view}:${name}`;

export function toggleFolder(view: number, name: string) {
  const next = new Set(collapsed);
  if (next.has(key(view, name))) next.delete(key(view, name));
  else next.add(key(view, name));
  collapsed = next;
  try {
    localStorage.setItem(KEY, JSON.stringify([...next]));
  } catch {}
  for (const listener of listeners) listener();
}

export function useFolderCollapsed(view: number, name: string): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => collapsed.has(key(view, name)),
    () => false,
  );
}

/** The collapsed folder names of a view. */
export function useCollapsedFolders(view: number): ReadonlySet<string> {
  const all = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => collapsed,
    () => collapsed,
  );
  const prefix = `${view}:`;
  return new Set([...all].filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length)));
}
