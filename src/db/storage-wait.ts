/**
 * Why opening follow.db is waiting for its storage (another tab holds it, or the browser
 * refuses it for now), while it is; undefined otherwise. The sync indicator shows it, so a
 * tab that waits says so instead of looking empty.
 */
let reason: string | undefined;
const listeners = new Set<() => void>();

export const storageWait = {
  get: (): string | undefined => reason,
  set(next: string | undefined): void {
    if (next === reason) return;
    reason = next;
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
