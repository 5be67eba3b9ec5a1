import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestClient, signUp, type TestClient } from "../../tests/support/sync/remote.ts";
import { localState, serverState } from "../../tests/support/sync/state.ts";
import { freshEmail, startWorld, type World } from "../../tests/support/sync/world.ts";

let world: World;
const open: TestClient[] = [];

beforeAll(async () => {
  world = await startWorld({ feeds: 1, entriesPerFeed: 4 });
}, 60_000);
afterAll(async () => {
  await Promise.all(open.map((c) => c.close()));
  await world?.close();
});

const STILL_RUNNING = JSON.stringify({
  code: 1,
  message: "Previous operation is not completed",
  reason: "the first request with this key is still running",
});

describe("pushing the outbox head", () => {
  it("keeps retrying a head answered 'still running' (code 1) and then drains the queue behind it", async () => {
    const account = await signUp(world.baseUrl, freshEmail("still-running"));
    // The head's key is held elsewhere for a long run of retries (a server killed mid-write).
    const STUCK_ANSWERS = 12;
    let stuckKey: string | undefined;
    let refused = 0;
    const forwarded: string[] = [];
    let armed = false;
    const c = await openTestClient({
      baseUrl: world.baseUrl,
      account,
      backoff: { baseMs: 5, maxMs: 40, jitter: false },
      fetch: (input, init) => {
        const key = new Headers(init?.headers).get("idempotency-key");
        if (armed && key) {
          stuckKey ??= key;
          if (key === stuckKey && refused < STUCK_ANSWERS) {
            refused += 1;
            return Promise.resolve(
              new Response(STILL_RUNNING, {
                status: 409,
                headers: { "content-type": "application/json", "retry-after": "30" },
              }),
            );
          }
        }
        if (key) forwarded.push(`${init?.method} ${new URL(String(input)).pathname} ${key}`);
        return fetch(input, init);
      },
    });
    open.push(c);
    c.engine.start();
    await c.dispatch("subscriptions.subscribe", { url: world.feedUrls[0]! });
    await c.engine.drain();
    const [a, b, d] = Object.keys((await localState(c.db)).read);

    armed = true;
    forwarded.length = 0;
    await c.dispatch("collections.star", { entryId: a! });
    await c.dispatch("entries.markRead", { entryIds: [b!] });
    await c.dispatch("collections.star", { entryId: d! });
    await c.engine.drain();

    expect(refused).toBe(STUCK_ANSWERS);
    expect(c.rejections).toEqual([]);
    expect(await c.db.query("SELECT * FROM outbox")).toEqual([]);
    // The head went through under its own key, once, before anything queued behind it.
    expect(forwarded.map((line) => line.split(" ").slice(0, 2).join(" "))).toEqual([
      "POST /api/collections",
      "POST /api/reads",
      "POST /api/collections",
    ]);
    expect(forwarded[0]!.endsWith(` ${stuckKey}`)).toBe(true);
    const server = await serverState(world.baseUrl, account);
    expect(server.starred).toEqual([a, d].sort());
    expect(server.read[b!]).toBe(true);
    expect(await localState(c.db)).toEqual(server);
  });
});
