import * as SQLite from "@journeyapps/wa-sqlite";
import SyncFactory from "@journeyapps/wa-sqlite/dist/wa-sqlite.mjs";
import syncWasmUrl from "@journeyapps/wa-sqlite/dist/wa-sqlite.wasm?url";
import { OPFSCoopSyncVFS } from "@journeyapps/wa-sqlite/src/examples/OPFSCoopSyncVFS.js";
import { EXPORT_VFS_NAME, type MemoryFiles } from "./export.ts";
import type { IdbRuntime } from "./idb-runtime.ts";
import { withWebLock } from "./mutex.ts";
import type { SqliteModule } from "./sqlite.ts";
import { IDB_STORAGE_NAME } from "./storage-choice.ts";
import { createMemoryVfs } from "./vfs-classes.ts";
import { IDB_RUNTIME_KEY } from "./worker-protocol.ts";

export type VfsKind = "opfs" | "idb";

export interface BrowserRuntime extends SqliteModule {
  kind: VfsKind;
  /** The VFS to open the database with; deleteFile() may move it to a fresh instance. */
  vfsName: string;
  exportFiles: MemoryFiles;
  /** Deletes the database file and its journal. The connection must be closed. */
  deleteFile(filename: string): Promise<void>;
  /**
   * Moves to a fresh VFS instance, closing what the old one still holds: a failed open may
   * leave file state and access handles behind. Call it a moment after the failure, so that
   * handles still being created when it failed are there to close.
   */
  renewVfs(): Promise<void>;
}

/**
 * Loads wa-sqlite for a dedicated worker on the storage chosen for the profile
 * (./storage-choice.ts): the synchronous build on OPFSCoopSyncVFS (several connections, one
 * per tab, take turns on the file), or the asynchronous build on IDBBatchAtomicVFS, a bundle
 * of its own (./idb-runtime.ts, its URL from the page) that only then loads: most browsers
 * never fetch it. A failure here is the caller's to retry: never a quiet switch of storage.
 */
export function loadBrowserRuntime(kind: VfsKind, idbRuntimeUrl: string): Promise<BrowserRuntime> {
  return kind === "opfs" ? loadOpfs() : loadIdb(idbRuntimeUrl);
}

/** Serialises OPFSCoopSyncVFS set-ups across tabs (see createCoopVfs). */
const VFS_CREATE_LOCK = "follow-opfs-vfs-create";

/**
 * OPFSCoopSyncVFS.create sweeps the temporary directories closed tabs left behind: two tabs
 * doing it at once both see a stale directory, one removes it and the other's removal throws
 * NotFoundError (the "OPFS is not usable here" that once split a profile in two). Taking
 * turns makes the sweep race-free; the retry covers a sweep racing a tab of an older version.
 */
async function createCoopVfs(name: string, module: unknown): Promise<OPFSCoopSyncVFS> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await withWebLock(VFS_CREATE_LOCK, () => OPFSCoopSyncVFS.create(name, module));
    } catch (error) {
      if ((error as Error).name !== "NotFoundError" || attempt >= 3) throw error;
    }
  }
}

async function loadOpfs(): Promise<BrowserRuntime> {
  const module = await SyncFactory({ locateFile: () => syncWasmUrl });
  const api = SQLite.Factory(module);
  let instances = 0;
  let current: OPFSCoopSyncVFS | undefined;
  const registerVfs = async () => {
    if (current) releaseHandles(current);
    current = await createCoopVfs(`follow-opfs-${++instances}`, module);
    api.vfs_register(current as unknown as SQLiteVFS, false);
    return current.name;
  };
  const runtime: BrowserRuntime = {
    api,
    module,
    kind: "opfs",
    vfsName: await registerVfs(),
    exportFiles: await registerExportVfs(api, module),
    async deleteFile(filename) {
      const root = await navigator.storage.getDirectory();
      for (const suffix of ["", "-journal", "-wal"]) {
        // Fails while another tab holds the file; the caller's retry then fails loudly.
        await root.removeEntry(`${filename}${suffix}`).catch((error: unknown) => {
          if ((error as Error).name !== "NotFoundError") console.error(error);
        });
      }
      // The old instance caches handles to the removed files.
      await runtime.renewVfs();
    },
    async renewVfs() {
      runtime.vfsName = await registerVfs();
    },
  };
  return runtime;
}

interface CoopFileState {
  accessHandle: { close(): void } | null;
  handleLockReleaser: (() => void) | null;
}

/**
 * When one of the database's three files (db, journal, WAL) refuses an access handle,
 * OPFSCoopSyncVFS gives up on the open while the other two may still be getting theirs:
 * those stay open, unknown to it, and refuse every later open in any tab until the worker
 * dies. Closing them is the only way out (the fields are public, not #private).
 */
function releaseHandles(vfs: OPFSCoopSyncVFS): void {
  const files = (vfs as unknown as { persistentFiles: Map<string, CoopFileState> }).persistentFiles;
  for (const file of files.values()) {
    try {
      file.accessHandle?.close();
    } catch {
      // Already closed.
    }
    file.accessHandle = null;
    file.handleLockReleaser?.();
    file.handleLockReleaser = null;
  }
}

async function loadIdb(idbRuntimeUrl: string): Promise<BrowserRuntime> {
  await import(/* @vite-ignore */ idbRuntimeUrl);
  const { AsyncFactory, asyncWasmUrl, createIdbVfs } = (globalThis as Record<string, unknown>)[
    IDB_RUNTIME_KEY
  ] as IdbRuntime;
  const module = await AsyncFactory({ locateFile: () => asyncWasmUrl });
  const api = SQLite.Factory(module);
  const vfs = await createIdbVfs("follow-idb", module, IDB_STORAGE_NAME);
  api.vfs_register(vfs as unknown as SQLiteVFS, false);
  const exportFiles = await registerExportVfs(api, module);
  return {
    api,
    module,
    kind: "idb",
    vfsName: vfs.name,
    exportFiles,
    async deleteFile(filename) {
      for (const suffix of ["", "-journal"]) await vfs.jDelete(`/${filename}${suffix}`, 1);
    },
    async renewVfs() {},
  };
}

async function registerExportVfs(api: SQLiteAPI, module: unknown): Promise<MemoryFiles> {
  const vfs = await createMemoryVfs(EXPORT_VFS_NAME, module);
  api.vfs_register(vfs as unknown as SQLiteVFS, false);
  return vfs;
}
