import { IDBBatchAtomicVFS } from "@journeyapps/wa-sqlite/src/examples/IDBBatchAtomicVFS.js";
import { MemoryVFS } from "@journeyapps/wa-sqlite/src/examples/MemoryVFS.js";
import type { MemoryFiles } from "./export.ts";

// wa-sqlite's bundled types predate the static `create` factories; these restate them.

export interface MemoryVfs extends MemoryFiles {
  readonly name: string;
}

export function createMemoryVfs(name: string, module: unknown): Promise<MemoryVfs> {
  return (
    MemoryVFS as unknown as { create(name: string, module: unknown): Promise<MemoryVfs> }
  ).create(name, module);
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
