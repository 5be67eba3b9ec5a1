import { describe, expect, it } from "vitest";
import { noticePayloads } from "./changes.ts";

describe("change notices", () => {
  it("split a large change under PostgreSQL's 8,000-byte NOTIFY payload, losing no user", () => {
    const changes = Array.from({ length: 2_000 }, (_, i) => ({
      userId: `user-${i.toString().padStart(32, "0")}`,
      version: 10_000_000_000n + BigInt(i),
    }));
    const payloads = noticePayloads(changes, "entries");
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(8_000);
    const carried = payloads.flatMap((payload) => JSON.parse(payload).c);
    expect(carried).toEqual(changes.map((c) => [c.userId, String(c.version)]));
    expect(new Set(payloads.map((payload) => JSON.parse(payload).s))).toEqual(new Set(["entries"]));
  });

  it("send one small notice for one user", () => {
    expect(noticePayloads([{ userId: "u", version: 3n }], "state")).toEqual([
      '{"s":"state","c":[["u","3"]]}',
    ]);
  });
});
