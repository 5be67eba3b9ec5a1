import type { SqliteConnection } from "./sqlite.ts";

/** The database file is exported in chunks of this many bytes. */
export const EXPORT_CHUNK_SIZE = 65_536;

/** The in-memory VFS that export snapshots are written to; registered next to the real one. */
export const EXPORT_VFS_NAME = "follow-export";

/** The part of wa-sqlite's MemoryVFS that holds file bytes. */
export interface MemoryFiles {
  mapNameToFile: Map<string, { size: number; data: ArrayBuffer }>;
}

let snapshotCount = 0;

/**
 * A consistent copy of the database as file bytes. VACUUM INTO reads under SQLite's own
 * locks, so it works the same on every VFS (OPFS, IndexedDB, memory) without touching
 * their internals, and the copy is a compact, valid SQLite file.
 */
export async function snapshotDatabase(
  connection: SqliteConnection,
  exportFiles: MemoryFiles,
): Promise<Uint8Array> {
  const path = `/export-${++snapshotCount}.db`;
  try {
    await connection.run(`VACUUM INTO 'file:${path}?vfs=${EXPORT_VFS_NAME}'`);
    const file = exportFiles.mapNameToFile.get(path);
    if (!file) throw new Error("The database snapshot was not written");
    return new Uint8Array(file.data, 0, file.size);
  } finally {
    exportFiles.mapNameToFile.delete(path);
  }
}

/** Splits bytes into chunks of `size`; each chunk owns its buffer, so it can be transferred. */
export function* chunkBytes(bytes: Uint8Array, size = EXPORT_CHUNK_SIZE): Generator<Uint8Array> {
  for (let offset = 0; offset < bytes.byteLength; offset += size) {
    yield bytes.slice(offset, offset + size);
  }
}
