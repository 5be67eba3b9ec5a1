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

/**
 * Speech audio on disk, so replaying an entry does not pay the provider again: one file per
 * key under `dir`, at most `maxBytes` in all, the least recently played evicted first. Recency
 * is the files' mtime (touched on each play), so it survives a restart. Audio is kept only
 * once it arrived whole; a listener who stops early leaves nothing behind.
 */
export class SpeechCache {
  /** Keys by recency, least recent first (a Map keeps insertion order), with their sizes. */
  private readonly entries = new Map<string, number>();
  private total = 0;
  /** Whether the directory is usable. */
  private readonly ready: Promise<boolean>;
  private readonly dir: string;
  private readonly maxBytes: number;

  constructor(dir: string, maxBytes: number) {
    this.dir = dir;
    this.maxBytes = maxBytes;
    // A directory that cannot be made or read: audio is then streamed as it comes, uncached.
    this.ready = this.load().then(
      () => true,
      () => false,
    );
  }

  /** The cached audio of `key`, marked most recently played; undefined when not cached. */
  async read(key: string): Promise<AsyncIterable<Uint8Array> | undefined> {
    if (!(await this.ready) || !this.entries.has(key)) return undefined;
    let handle: FileHandle;
    try {
      handle = await open(this.path(key), "r");
    } catch {
      // Gone from disk (another process evicted it): forget it here too.
      this.forget(key);
      return undefined;
    }
    this.touch(key);
    const now = new Date();
    void utimes(this.path(key), now, now).catch(() => undefined);
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
      if (whole && size <= this.maxBytes) {
        await rename(temp, this.path(key));
        this.forget(key);
        this.entries.set(key, size);
        this.total += size;
        await this.evict();
      } else {
        await rm(temp, { force: true });
      }
    }
  }

  private async load() {
    await mkdir(this.dir, { recursive: true });
    const found: Array<{ key: string; size: number; used: number }> = [];
    for (const name of await readdir(this.dir)) {
      const path = join(this.dir, name);
      // A write a crash interrupted.
      if (name.endsWith(".tmp")) {
        await rm(path, { force: true });
        continue;
      }
      if (!name.endsWith(SUFFIX)) continue;
      const info = await stat(path).catch(() => undefined);
      if (info)
        found.push({ key: name.slice(0, -SUFFIX.length), size: info.size, used: info.mtimeMs });
    }
    found.sort((a, b) => a.used - b.used);
    for (const { key, size } of found) {
      this.entries.set(key, size);
      this.total += size;
    }
    await this.evict();
  }

  private async evict() {
    for (const [key] of this.entries) {
      if (this.total <= this.maxBytes) return;
      this.forget(key);
      await rm(this.path(key), { force: true });
    }
  }

  private touch(key: string) {
    const size = this.entries.get(key);
    if (size === undefined) return;
    this.entries.delete(key);
    this.entries.set(key, size);
  }

  private forget(key: string) {
    const size = this.entries.get(key);
    if (size === undefined) return;
    this.entries.delete(key);
    this.total -= size;
  }

  private path(key: string) {
    return join(this.dir, key + SUFFIX);
  }
}
