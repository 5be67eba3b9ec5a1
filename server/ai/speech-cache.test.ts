import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { SpeechCache, speechCacheKey } from "./speech-cache.ts";

const dirs: string[] = [];
function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), "follow-speech-cache-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function* chunks(...parts: string[]) {
  for (const part of parts) yield Buffer.from(part);
}
async function drain(body: AsyncIterable<Uint8Array>) {
  const out: Buffer[] = [];
  for await (const chunk of body) out.push(Buffer.from(chunk));
  return Buffer.concat(out).toString();
}
const cached = async (cache: SpeechCache, key: string) => {
  const body = await cache.read(key);
  return body ? drain(body) : undefined;
};

describe("the speech audio cache", () => {
  it("keys by entry, voice, model and text", () => {
    const base = { entryId: "1", voice: "nova", model: "tts-1", text: "Hello." };
    const keys = new Set([
      speechCacheKey(base),
      speechCacheKey({ ...base, entryId: "2" }),
      speechCacheKey({ ...base, voice: "alloy" }),
      speechCacheKey({ ...base, model: "tts-2" }),
      speechCacheKey({ ...base, text: "Hello again." }),
    ]);
    expect(keys.size).toBe(5);
    expect(speechCacheKey(base)).toBe(speechCacheKey({ ...base }));
  });

  it("passes audio through, keeps it whole, and evicts the least recently played past the cap", async () => {
    const cache = new SpeechCache(tempDir(), 10);
    expect(await drain(cache.record("a", chunks("aa", "aa")))).toBe("aaaa");
    await drain(cache.record("b", chunks("bbbb")));
    // Played again: a is now the most recent, b the least.
    expect(await cached(cache, "a")).toBe("aaaa");
    await drain(cache.record("c", chunks("cccc")));
    expect(await cached(cache, "b")).toBeUndefined();
    expect(await cached(cache, "a")).toBe("aaaa");
    expect(await cached(cache, "c")).toBe("cccc");
  });

  it("keeps nothing of audio larger than the cap or cut short", async () => {
    const dir = tempDir();
    const cache = new SpeechCache(dir, 10);
    expect(await drain(cache.record("big", chunks("0123456789", "x")))).toBe("0123456789x");
    expect(await cached(cache, "big")).toBeUndefined();
    const stream = cache.record("cut", chunks("12", "34"));
    await stream.next();
    await stream.return(undefined);
    expect(await cached(cache, "cut")).toBeUndefined();
    expect(readdirSync(dir)).toEqual([]);
  });

  it("remembers its audio and their recency across a restart", async () => {
    const dir = tempDir();
    const first = new SpeechCache(dir, 8);
    await drain(first.record("old", chunks("oooo")));
    await drain(first.record("new", chunks("nnnn")));
    utimesSync(join(dir, "old.mp3"), 1000, 1000);
    utimesSync(join(dir, "new.mp3"), 2000, 2000);
    const second = new SpeechCache(dir, 8);
    expect(await cached(second, "new")).toBe("nnnn");
    await drain(second.record("more", chunks("mmmm")));
    expect(await cached(second, "old")).toBeUndefined();
    expect(await cached(second, "new")).toBe("nnnn");
  });
});

describe("one speech cache shared by servers on one DATA_DIR", () => {
  it("serves what another server cached, and keeps one cap for all of them", async () => {
    const dir = tempDir();
    const one = new SpeechCache(dir, 10);
    const two = new SpeechCache(dir, 10);
    // Two processes order their stamps by the clock alone: a step between them is a new
    // millisecond (within one process, every stamp is later than the last anyway).
    const nextMillisecond = () => new Promise((done) => setTimeout(done, 5));
    await drain(one.record("a", chunks("aaaa")));
    expect(await cached(two, "a")).toBe("aaaa");
    await nextMillisecond();
    await drain(two.record("b", chunks("bbbb")));
    await nextMillisecond();
    // Played on the first server: b is now the least recently played, anywhere.
    expect(await cached(one, "a")).toBe("aaaa");
    await drain(one.record("c", chunks("cccc")));
    expect(readdirSync(dir).sort()).toEqual(["a.mp3", "c.mp3"]);
    expect(await cached(two, "b")).toBeUndefined();
    expect(await cached(two, "c")).toBe("cccc");
  });

  it("a starting server leaves another's write in progress alone, and clears a crash's", async () => {
    const dir = tempDir();
    writeFileSync(join(dir, "fresh.1.tmp"), "in progress");
    writeFileSync(join(dir, "stale.2.tmp"), "left by a crash");
    const hoursAgo = Date.now() / 1000 - 2 * 3600;
    utimesSync(join(dir, "stale.2.tmp"), hoursAgo, hoursAgo);
    const cache = new SpeechCache(dir, 10);
    expect(await cached(cache, "fresh")).toBeUndefined();
    expect(readdirSync(dir)).toEqual(["fresh.1.tmp"]);
  });
});

describe("the speech audio cache without a usable directory", () => {
  it("streams the audio through and caches nothing", async () => {
    const file = join(tempDir(), "not-a-dir");
    writeFileSync(file, "x");
    const cache = new SpeechCache(file, 100);
    expect(await drain(cache.record("a", chunks("aa", "bb")))).toBe("aabb");
    expect(await cached(cache, "a")).toBeUndefined();
  });
});
