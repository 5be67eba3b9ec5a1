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
