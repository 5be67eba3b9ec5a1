import { describe, expect, it } from "vitest";
import { SUMMARY_CACHE_SIZE } from "./ai.ts";
import { LruCache } from "./lru.ts";

describe("LruCache (the summary cache of the last 10 read)", () => {
  it("keeps at most 10 entries and evicts the least recently read", () => {
    const cache = new LruCache<string, number>(SUMMARY_CACHE_SIZE);
    for (let i = 0; i < 10; i++) cache.set(`k${i}`, i);
    expect(cache.get("k0")).toBe(0); // read: now the most recent
    cache.set("k10", 10);
    expect(cache.size).toBe(10);
    expect(cache.get("k1")).toBeUndefined();
    expect(cache.get("k0")).toBe(0);
    expect(cache.keys().at(-1)).toBe("k0");
  });
});
