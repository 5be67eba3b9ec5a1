/**
 * Only one sync engine may push a shared outbox: tabs elect a leader with a Web Lock held for
 * the tab's lifetime. `becomeLeader` resolves when this tab holds the lock; `release` gives it
 * up (sign-out, tab close), letting the next tab take over.
 */
export const SYNC_LEADER_LOCK = "follow-sync-leader";

export interface LeaderLease {
  /** Resolves once this tab is the leader. */
  acquired: Promise<void>;
  release(): void;
}

export function requestLeadership(
  locks: LockManager | undefined,
  name = SYNC_LEADER_LOCK,
): LeaderLease {
  if (!locks) return { acquired: Promise.resolve(), release: () => {} };
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const acquired = new Promise<void>((resolve, reject) => {
    locks
      .request(name, () => {
        resolve();
        return held;
      })
      .catch(reject);
  });
  return { acquired, release };
}
