import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import * as SQLite from "@journeyapps/wa-sqlite";
import SQLiteESMFactory from "@journeyapps/wa-sqlite/dist/wa-sqlite.mjs";
import { clientMigrations } from "../../migrations/client/index.ts";
import { type Engine, openEngine } from "./engine.ts";
import { EXPORT_VFS_NAME, type MemoryFiles } from "./export.ts";
import type { Migration } from "./migrate.ts";
import { openConnection, type SqliteModule } from "./sqlite.ts";
import { createMemoryVfs } from "./vfs-classes.ts";

const MEMORY_VFS_NAME = "follow-memory";

interface NodeRuntime extends SqliteModule {
  files: MemoryFiles;
  exportFiles: MemoryFiles;
}

// One wasm instance per process: opening a database on it takes about a millisecond,
// against about 12 ms to instantiate the module again.
let runtime: Promise<NodeRuntime> | undefined;
let anonymousCount = 0;

function loadRuntime(): Promise<NodeRuntime> {
  runtime ??= (async () => {
    const require = createRequire(import.meta.url);
    const wasmBinary = await readFile(
      require.resolve("@journeyapps/wa-sqlite/dist/wa-sqlite.wasm"),
    );
    const module = await SQLiteESMFactory({ wasmBinary });
    const api = SQLite.Factory(module);
    const memory = await createMemoryVfs(MEMORY_VFS_NAME, module);
    const exportVfs = await createMemoryVfs(EXPORT_VFS_NAME, module);
    api.vfs_register(memory as unknown as SQLiteVFS, false);
    api.vfs_register(exportVfs as unknown as SQLiteVFS, false);
    return { api, module, files: memory, exportFiles: exportVfs };
  })();
  return runtime;
}

export interface MemoryDatabaseOptions {
  /** Defaults to the app's client migrations. */
  migrations?: readonly Migration[];
  /**
   * A named database outlives close() in this process, so a test can reopen it (say, with
   * more migrations). Without a name each call gets a fresh database, deleted on close().
   */
  name?: string;
}

/**
 * A migrated local database in memory for Node (tests, benchmarks): wa-sqlite's MemoryVFS on
 * the same wasm build the browser uses. Cheap to open many times; each call is independent.
 */
export async function openMemoryDatabase(options: MemoryDatabaseOptions = {}): Promise<Engine> {
  const loaded = await loadRuntime();
  const { files, exportFiles } = loaded;
  const path = `/${options.name ?? `anonymous-${++anonymousCount}`}.db`;
  const engine = await openEngine({
    connect: () => openConnection(loaded, path, MEMORY_VFS_NAME),
    destroy: async () => {
      files.mapNameToFile.delete(path);
    },
    exportFiles,
    migrations: options.migrations ?? clientMigrations,
  });
  if (options.name !== undefined) return engine;
  return {
    ...engine,
    get migration() {
      return engine.migration;
    },
    async close() {
      await engine.close();
      files.mapNameToFile.delete(path);
    },
  };
}

/** Test seam: the raw bytes of a named memory database (to corrupt it, say). */
export async function memoryDatabaseFile(name: string): Promise<Uint8Array | undefined> {
  const file = (await loadRuntime()).files.mapNameToFile.get(`/${name}.db`);
  return file && new Uint8Array(file.data, 0, file.size);
}

/** Test seam: puts a database file's bytes under a name, for `openMemoryDatabase({ name })`. */
export async function placeMemoryDatabaseFile(name: string, bytes: Uint8Array): Promise<void> {
  const files = (await loadRuntime()).files;
  const data = bytes.slice().buffer;
  files.mapNameToFile.set(`/${name}.db`, { size: bytes.length, data });
}
