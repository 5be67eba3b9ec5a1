import { describe, expect, it } from "vitest";
import { COALESCE_MS, SyncHub } from "./hub.ts";

const options = { heartbeatMs: 60_000, maxConnections: 5, maxPerUser: 2 };

/** Reads what a stream wrote so far (without waiting for more). */
async function drain(stream: ReadableStream<Uint8Array>, into: string[]) {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  void (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        into.push("<end>");
        return;
      }
      into.push(decoder.decode(value));
    }
  })();
}

const settle = () => new Promise((resolve) => setTimeout(resolve, COALESCE_MS * 2));
const pokes = (chunks: string[]) =>
  chunks
    .filter((c) => c.includes("event: poke"))
    .map((c) => JSON.parse(/data: (.*)\n/.exec(c)![1]!));

describe("SyncHub", () => {
  it("writes retry and the connect event, then one coalesced poke per burst", async () => {
    const hub = new SyncHub(options);
    const chunks: string[] = [];
    await drain(hub.open("u1", Promise.resolve(4n), new AbortController().signal), chunks);
    await settle();
    hub.deliver([{ userId: "u1", version: 5n }], ["state"]);
    hub.deliver([{ userId: "u1", version: 6n }], ["entries"]);
    // Heard twice (locally and by NOTIFY): no second poke; another user's change: none here.
    hub.deliver([{ userId: "u1", version: 6n }], ["entries"]);
    hub.deliver([{ userId: "u2", version: 9n }], ["state"]);
    await settle();
    expect(chunks[0]).toBe("retry: 2000\n\n");
    expect(chunks[1]).toBe('id: 4\nevent: poke\ndata: {"version":"4","scopes":[]}\n\n');
    expect(pokes(chunks)).toEqual([
      { version: "4", scopes: [] },
      { version: "6", scopes: ["entries", "state"] },
    ]);
    hub.close();
  });

  it("pokes after the connect event for a change heard while the version was read", async () => {
    const hub = new SyncHub(options);
    const chunks: string[] = [];
    let resolve!: (v: bigint) => void;
    await drain(
      hub.open("u1", new Promise((r) => (resolve = r)), new AbortController().signal),
      chunks,
    );
    hub.deliver([{ userId: "u1", version: 8n }], ["entries"]);
    await settle();
    resolve(7n);
    await settle();
    expect(pokes(chunks)).toEqual([
      { version: "7", scopes: [] },
      { version: "8", scopes: ["entries"] },
    ]);
    hub.close();
  });

  it("closes a user's oldest stream past the per-user cap and refuses past the process cap", async () => {
    const hub = new SyncHub(options);
    const first: string[] = [];
    await drain(hub.open("u1", Promise.resolve(1n), new AbortController().signal), first);
    for (const user of ["u1", "u1", "u2", "u3"]) {
      await drain(hub.open(user, Promise.resolve(1n), new AbortController().signal), []);
    }
    await settle();
    expect(first.at(-1)).toBe("<end>");
    expect(hub.size).toBe(4);
    await drain(hub.open("u4", Promise.resolve(1n), new AbortController().signal), []);
    expect(hub.hasRoom()).toBe(false);
    hub.close();
    expect(hub.size).toBe(0);
  });

  it("forgets a stream whose client went away", async () => {
    const hub = new SyncHub(options);
    const abort = new AbortController();
    await drain(hub.open("u1", Promise.resolve(1n), abort.signal), []);
    expect(hub.connectedUsers()).toEqual(["u1"]);
    abort.abort();
    expect(hub.connectedUsers()).toEqual([]);
    expect(hub.size).toBe(0);
  });
});
