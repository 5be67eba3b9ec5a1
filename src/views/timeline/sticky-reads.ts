/**
 * Entries marked read while a timeline is on screen stay in it until the user leaves the
 * timeline or refetches, even with "unread only": rows never vanish under the pointer. Entries
 * marked read elsewhere (another tab, mark all read) leave at once.
 */
let scope = "";
const sticky = new Set<string>();

/** Starts a new scope (a different timeline, or a refetch) and forgets the kept entries. */
export function setStickyScope(key: string, force = false) {
  if (key === scope && !force) return;
  scope = key;
  sticky.clear();
}

export function keepVisible(ids: readonly string[]) {
  for (const id of ids) sticky.add(id);
}

export function stickyIds(): string[] {
  return [...sticky];
}
