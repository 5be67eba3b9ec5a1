import * as SQLite from "@journeyapps/wa-sqlite";
import SyncFactory from "@journeyapps/wa-sqlite/dist/wa-sqlite.mjs";
import syncWasmUrl from "@journeyapps/wa-sqlite/dist/wa-sqlite.wasm?url";
import { OPFSCoopSyncVFS } from "@journeyapps/wa-sqlite/src/examples/OPFSCoopSyncVFS.js";
import { EXPORT_VFS_NAME, type MemoryFiles } from "./export.ts";
import type { IdbRuntime } from "./idb-runtime.ts";
import type { SqliteModule } from "./sqlite.ts";
import { createMemoryVfs } from "./vfs-classes.ts";
import { IDB_RUNTIME_KEY } from "./worker-protocol.ts";

/** The IndexedDB database that holds follow.db when OPFS is not available. */
const IDB_STORAGE_NAME = "WA_SQLITE";

export type VfsKind = "opfs" | "idb";

export interface BrowserRuntime extends SqliteModule {
  kind: VfsKind;
  /** The VFS to open the database with; deleteFile() may move it to a fresh instance. */
  vfsName: string;
  exportFiles: MemoryFiles;
  /** Deletes the database file and its journal. The connection must be closed. */
  deleteFile(filename: string): Promise<void>;
}

/** OPFS needs synchronous access handles, which only dedicated workers have. */
function canUseOpfs(): boolean {
  return (
    typeof navigator !== "undefined" &&
    typeof navigator.storage?.getDirectory === "function" &&
    typeof (globalThis as { FileSystemSyncAccessHandle?: unknown }).FileSystemSyncAccessHandle ===
      "function"
  );
}

/**
 * Loads wa-sqlite for a dedicated worker: the synchronous build on OPFSCoopSyncVFS when
 * OPFS works (several connections, one per tab, take turns on the file), else the
 * asynchronous build on IDBBatchAtomicVFS, a bundle of its own (./idb-runtime.ts, its URL
 * from the page) that only then loads: most browsers never fetch it (issue #5).
 */
export async function loadBrowserRuntime(
  prefer: VfsKind,
  idbRuntimeUrl: string,
): Promise<BrowserRuntime> {
  if (prefer === "opfs" && canUseOpfs()) {
    try {
      return await loadOpfs();
    } catch (error) {
      console.error("OPFS is not usable here; storing the database in IndexedDB", error);
    }
  }
  return loadIdb(idbRuntimeUrl);
}

async function loadOpfs(): Promise<BrowserRuntime> {
  const module = await SyncFactory({ locateFile: () => syncWasmUrl });
  const api = SQLite.Factory(module);
  let instances = 0;
  const registerVfs = async () => {
    const vfs = await OPFSCoopSyncVFS.create(`follow-opfs-${++instances}`, module);
    api.vfs_register(vfs as unknown as SQLiteVFS, false);
    return vfs.name;
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
      runtime.vfsName = await registerVfs();
    },
  };
  return runtime;
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
  };
}

async function registerExportVfs(api: SQLiteAPI, module: unknown): Promise<MemoryFiles> {
  const vfs = await createMemoryVfs(EXPORT_VFS_NAME, module);
  api.vfs_register(vfs as unknown as SQLiteVFS, false);
  return vfs;
}
