import type { LocalDatabase } from "../db/types.ts";

/**
 * Saves the local database as a file download named follow.db: the
 * 65,536-byte chunks are gathered into one Blob and handed to the browser via a link.
 */
export async function downloadDatabase(
  db: Pick<LocalDatabase, "exportFile">,
  filename = "follow.db",
): Promise<Blob> {
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  // Export chunks own plain ArrayBuffers (see chunkBytes), never shared memory.
  for await (const chunk of db.exportFile()) chunks.push(chunk as Uint8Array<ArrayBuffer>);
  const blob = new Blob(chunks, { type: "application/vnd.sqlite3" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL; free it once the click has been handled.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
  return blob;
}
