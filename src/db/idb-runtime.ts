import AsyncFactory from "@journeyapps/wa-sqlite/dist/wa-sqlite-async.mjs";
import asyncWasmUrl from "@journeyapps/wa-sqlite/dist/wa-sqlite-async.wasm?url";
import { IDBBatchAtomicVFS } from "@journeyapps/wa-sqlite/src/examples/IDBBatchAtomicVFS.js";
import { IDB_RUNTIME_KEY } from "./worker-protocol.ts";

/**
 * The asynchronous wa-sqlite build and IndexedDB VFS, for browsers without OPFS: a bundle of
 * its own (built like a worker, `?worker&url` in client.ts) that the database worker imports
 * only then, so most browsers never fetch it (issue #5). Worker bundles keep no exports, so
 * importing it publishes the runtime on globalThis (IDB_RUNTIME_KEY).
 */

export interface IdbRuntime {
  AsyncFactory: typeof AsyncFactory;
  asyncWasmUrl: string;
  createIdbVfs: typeof createIdbVfs;
}

export interface IdbVfs {
  readonly name: string;
  jDelete(path: string, syncDir: number): Promise<number>;
  close(): void;
}

export function createIdbVfs(name: string, module: unknown, idbName: string): Promise<IdbVfs> {
  const factory = IDBBatchAtomicVFS as unknown as {
    create(name: string, module: unknown, options: { idbName: string }): Promise<IdbVfs>;
  };
  return factory.create(name, module, { idbName });
}

(globalThis as Record<string, unknown>)[IDB_RUNTIME_KEY] = {
  AsyncFactory,
  asyncWasmUrl,
  createIdbVfs,
} satisfies IdbRuntime;
