import type { VfsKind } from "./browser-runtime.ts";

/**
 * Every tab of a browser profile must open the same follow.db. Two storages exist (OPFS, and
 * IndexedDB where OPFS is missing), so a tab that fell back to IndexedDB because OPFS failed
 * *for it* would open a second, separate database: its commands land in an outbox the pushing
 * tab never reads. The choice is therefore made for the profile, never for one tab: under
 * SETUP_LOCK, from what the other tabs use (each holds a shared presence lock naming its
 * storage for its lifetime) and what already exists on disk.
 */
export const SETUP_LOCK = "follow-db-setup";

/** Held (shared) by every tab's worker for as long as it has follow.db open on that storage. */
export const PRESENCE_LOCKS: Record<VfsKind, string> = {
  opfs: "follow-db-in-opfs",
  idb: "follow-db-in-idb",
};

/** The IndexedDB database that holds follow.db when OPFS is not available. */
export const IDB_STORAGE_NAME = "WA_SQLITE";

export interface StorageChoice {
  kind: VfsKind;
  /**
   * True when follow.db lives there already (on disk or open in another tab): this tab must
   * wait for it rather than open anything else. False for a new profile's first choice.
   */
  required: boolean;
  /** Why, for the log and the tests. */
  reason: string;
}

/** What the decision reads; the browser's by default, replaceable in unit tests. */
export interface StorageProbe {
  /** Whether this context has OPFS with synchronous access handles (dedicated workers). */
  opfsApi(): boolean;
  /** The origin's OPFS root, or undefined when the browser refuses it (private modes). */
  opfsRoot(): Promise<FileSystemDirectoryHandle | undefined>;
  /** Names of the Web Locks held or requested anywhere in the origin. */
  heldLocks(): Promise<string[]>;
  /** Names of the origin's IndexedDB databases. */
  idbNames(): Promise<string[]>;
}

export const browserProbe: StorageProbe = {
  opfsApi: () =>
    typeof navigator !== "undefined" &&
    typeof navigator.storage?.getDirectory === "function" &&
    typeof (globalThis as { FileSystemSyncAccessHandle?: unknown }).FileSystemSyncAccessHandle ===
      "function",
  opfsRoot: () => navigator.storage.getDirectory().catch(() => undefined),
  async heldLocks() {
    const snapshot = await navigator.locks.query();
    return [...(snapshot.held ?? []), ...(snapshot.pending ?? [])].flatMap((lock) =>
      lock.name ? [lock.name] : [],
    );
  },
  async idbNames() {
    if (typeof indexedDB?.databases !== "function") return [];
    const databases = await indexedDB.databases().catch(() => []);
    return databases.flatMap((database) => (database.name ? [database.name] : []));
  },
};

async function fileExists(root: FileSystemDirectoryHandle, name: string): Promise<boolean> {
  try {
    const handle = await root.getFileHandle(name);
    return (await handle.getFile()).size > 0;
  } catch {
    return false;
  }
}

/** Decides where this tab opens follow.db; call it holding SETUP_LOCK. */
export async function chooseStorage(
  prefer: VfsKind,
  filename: string,
  probe: StorageProbe = browserProbe,
): Promise<StorageChoice> {
  if (prefer === "idb") return { kind: "idb", required: true, reason: "asked for IndexedDB" };
  if (!probe.opfsApi()) return { kind: "idb", required: true, reason: "no OPFS in this browser" };
  const root = await probe.opfsRoot();
  if (!root) return { kind: "idb", required: true, reason: "the browser refuses OPFS" };

  const locks = await probe.heldLocks();
  if (locks.includes(PRESENCE_LOCKS.opfs)) {
    return { kind: "opfs", required: true, reason: "another tab has it open in OPFS" };
  }
  if (locks.includes(PRESENCE_LOCKS.idb)) {
    return { kind: "idb", required: true, reason: "another tab has it open in IndexedDB" };
  }
  if (await fileExists(root, filename)) {
    return { kind: "opfs", required: true, reason: "it is stored in OPFS" };
  }
  // A profile that fell back before keeps its data (and its unsent commands) where they are.
  if ((await probe.idbNames()).includes(IDB_STORAGE_NAME)) {
    return { kind: "idb", required: true, reason: "it is stored in IndexedDB" };
  }
  return { kind: "opfs", required: false, reason: "a new database" };
}

/** Holds the shared presence lock until `released` settles (the worker's lifetime). */
export function announcePresence(kind: VfsKind, released: Promise<unknown>): void {
  if (typeof navigator === "undefined" || !navigator.locks) return;
  void navigator.locks.request(PRESENCE_LOCKS[kind], { mode: "shared" }, () => released);
}
