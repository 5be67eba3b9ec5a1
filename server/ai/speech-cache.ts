import { createHash, randomUUID } from "node:crypto";
import type { FileHandle } from "node:fs/promises";
import { mkdir, open, readdir, rename, rm, stat, utimes } from "node:fs/promises";
import { join } from "node:path";

const SUFFIX = ".mp3";

/** The cache key of an entry's audio: its id, the voice, the model and the text read. */
export function speechCacheKey(parts: {
  entryId: string;
  voice: string;
  model: string;
  text: string;
}): string {
  // The text is part of the key: an edited entry is read anew (the old audio ages out).
  return createHash("sha256")
    .update(`${parts.entryId}\n${parts.voice}\n${parts.model}\n`)
    .update(parts.text)
    .digest("hex");
}

/** A temporary file older than this was left by a crash; a younger one may be a write in progress. */
const STALE_TEMP_MS = 3_600_000;

/**
 * Speech audio on disk, so replaying an entry does not pay the provider again: one file per
 * key under `dir`, at most `maxBytes` in all, the least recently played evicted first. The
 * directory is the only record: recency is the files' mtime (stamped on each write and play),
 * and each eviction sums what is there, so servers sharing one DATA_DIR share one cache and one
 * cap, and a restart keeps both. Audio is kept only once it arrived whole; a listener who stops
 * early leaves nothing behind.
 */
export class SpeechCache {
  /** Whether the directory is usable. */
  private readonly ready: Promise<boolean>;
  private readonly dir: string;
  private readonly maxBytes: number;
  /** The last mtime this process stamped: each stamp is later, even within a millisecond. */
  private lastStamp = 0;

  constructor(dir: string, maxBytes: number) {
    this.dir = dir;
    this.maxBytes = maxBytes;
    // A directory that cannot be made or read: audio is then streamed as it comes, uncached.
    this.ready = this.prepare().then(
      () => true,
      () => false,
    );
  }

  /** The cached audio of `key`, marked most recently played; undefined when not cached. */
  async read(key: string): Promise<AsyncIterable<Uint8Array> | undefined> {
    if (!(await this.ready)) return undefined;
    let handle: FileHandle;
    try {
      handle = await open(this.path(key), "r");
    } catch {
      return undefined;
    }
    await this.stamp(this.path(key));
    // An open file stays readable even if evicted meanwhile.
    return handle.createReadStream();
  }

  /**
   * Passes `body` through unchanged while writing it to the cache under `key`; the file is kept
   * when the body ended whole and fits the cap.
   */
  async *record(key: string, body: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
    const temp = join(this.dir, `${key}.${randomUUID()}.tmp`);
    const handle = (await this.ready) ? await open(temp, "w").catch(() => undefined) : undefined;
    if (!handle) {
      yield* body;
      return;
    }
    let size = 0;
    let whole = false;
    try {
      for await (const chunk of body) {
        if (size <= this.maxBytes) {
          size += chunk.length;
          if (size <= this.maxBytes) await handle.write(chunk);
        }
        yield chunk;
      }
      whole = true;
    } finally {
      await handle.close();
      const keep = whole && size <= this.maxBytes;
      // Keeping is best effort: the listener already has the audio.
      const kept = keep
        ? await rename(temp, this.path(key)).then(
            () => true,
            () => false,
          )
        : false;
      if (kept) {
        await this.stamp(this.path(key));
        await this.evict().catch(() => undefined);
      } else {
        await rm(temp, { force: true });
      }
    }
  }

  private async prepare() {
    await mkdir(this.dir, { recursive: true });
    const now = Date.now();
    for (const name of await readdir(this.dir)) {
      if (!name.endsWith(".tmp")) continue;
      // A write a crash interrupted (not one another server is making now).
      const info = await stat(join(this.dir, name)).catch(() => undefined);
      if (info && now - info.mtimeMs > STALE_TEMP_MS)
        await rm(join(this.dir, name), { force: true });
    }
    await this.evict();
  }

  /** Removes the least recently played audio until what the directory holds fits the cap. */
  private async evict() {
    const files: Array<{ path: string; size: number; used: number }> = [];
    for (const name of await readdir(this.dir)) {
      if (!name.endsWith(SUFFIX)) continue;
      const path = join(this.dir, name);
      const info = await stat(path).catch(() => undefined);
      if (info) files.push({ path, size: info.size, used: info.mtimeMs });
    }
    let total = files.reduce((sum, file) => sum + file.size, 0);
    files.sort((a, b) => a.used - b.used);
    for (const file of files) {
      if (total <= this.maxBytes) return;
      await rm(file.path, { force: true });
      total -= file.size;
    }
  }

  private async stamp(path: string) {
    this.lastStamp = Math.max(Date.now(), this.lastStamp + 1);
    const at = new Date(this.lastStamp);
    await utimes(path, at, at).catch(() => undefined);
  }

  private path(key: string) {
    return join(this.dir, key + SUFFIX);
  }
}
