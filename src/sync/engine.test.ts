import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Account,
  openTestClient,
  signUp,
  type TestClient,
} from "../../tests/support/sync/remote.ts";
import { localState, serverState } from "../../tests/support/sync/state.ts";
import { freshEmail, startWorld, type World } from "../../tests/support/sync/world.ts";
import { testId } from "../commands/testing/seed.ts";

let world: World;
const open: TestClient[] = [];

beforeAll(async () => {
  world = await startWorld({ feeds: 2, entriesPerFeed: 5 });
}, 60_000);
afterAll(async () => {
  await Promise.all(open.map((c) => c.close()));
  await world?.close();
});

async function client(account: Account, fetchImpl?: typeof fetch) {
  const c = await openTestClient({ baseUrl: world.baseUrl, account, fetch: fetchImpl });
  open.push(c);
  c.engine.start();
  await c.engine.drain();
  return c;
}

async function feedIdOf(c: TestClient, url: string) {
  const rows = await c.db.query("SELECT id FROM feeds WHERE url = ?", [url]);
  return String(rows[0]?.id);
}

const snapshotTables = async (c: TestClient) => ({
  state: await localState(c.db),
  events: await c.db.query("SELECT * FROM events"),
  outbox: await c.db.query("SELECT * FROM outbox"),
});

describe("sync engine against the real server", () => {
  it("pushes a subscription by URL, replaces the placeholder, and pulls its entries", async () => {
    const account = await signUp(world.baseUrl, freshEmail());
    const c = await client(account);
    await c.dispatch("subscriptions.subscribe", { url: world.feedUrls[0]!, category: "News" });
    expect(await c.db.query("SELECT id, feed_id FROM subscriptions")).toEqual([
      { id: expect.stringMatching(/^pending\//), feed_id: null },
    ]);
    await c.engine.drain();
    const feedId = await feedIdOf(c, world.feedUrls[0]!);
    const state = await localState(c.db);
    expect(state.subscriptions).toEqual({
      [feedId]: { view: 0, isPrivate: false, title: null, category: "News" },
    });
    expect(state.unread).toEqual({ [feedId]: 5 });
    expect(Object.keys(state.read)).toHaveLength(5);
    expect(state).toEqual(await serverState(world.baseUrl, account));
    expect(await c.db.query("SELECT * FROM outbox")).toEqual([]);
  });

  it("rolls back a command the server refuses, leaving no trace, and reports its coded error", async () => {
    const account = await signUp(world.baseUrl, freshEmail());
    const c = await client(account);
    await c.dispatch("subscriptions.subscribe", { url: world.feedUrls[1]! });
    await c.engine.drain();
    const feedId = await feedIdOf(c, world.feedUrls[1]!);
    const before = await snapshotTables(c);

    // Someone else (another device) unsubscribed meanwhile; this client has not pulled yet.
    await fetch(`${world.baseUrl}/api/subscriptions`, {
      method: "DELETE",
      headers: { cookie: account.cookie, "content-type": "application/json" },
      body: JSON.stringify({ feedId }),
    });
    await c.dispatch("subscriptions.edit", { feedId, title: "Renamed" });
    expect((await localState(c.db)).subscriptions[feedId]?.title).toBe("Renamed");
    await c.engine.drain();

    expect(c.rejections).toHaveLength(1);
    expect(c.rejections[0]).toMatchObject({
      command: "subscriptions.edit",
      label: "commands:subscriptions.edit",
      code: 2001,
      status: 404,
      messageKey: "errors:2001",
    });
    const after = await snapshotTables(c);
    expect(after.events).toEqual([]);
    expect(after.outbox).toEqual([]);
    expect(after.state).toEqual(await serverState(world.baseUrl, account));
    expect(after.state.subscriptions[feedId]).toBeUndefined();
    expect(before.state.subscriptions[feedId]).toBeDefined();
  });

  it("rolls back an edit of a subscription that never existed without touching anything else", async () => {
    const account = await signUp(world.baseUrl, freshEmail());
    const c = await client(account);
    await c.dispatch("subscriptions.subscribe", { url: world.feedUrls[0]! });
    await c.engine.drain();
    const before = await snapshotTables(c);
    await c.dispatch("subscriptions.edit", { feedId: testId(42), category: "Nowhere" });
    await c.engine.drain();
    expect(c.rejections.map((r) => r.code)).toEqual([2001]);
    const after = await snapshotTables(c);
    expect(after.state).toEqual(before.state);
    expect(after.events).toEqual([]);
    expect(after.outbox).toEqual([]);
  });

  it("keeps pending actions through a pull (rebase) and syncs them later", async () => {
    const account = await signUp(world.baseUrl, freshEmail());
    let writesFail = false;
    const flaky: typeof fetch = (input, init) => {
      const url = String(input);
      const read =
        init?.method === "GET" || init?.method === undefined || url.endsWith("/api/entries");
      if (writesFail && !read) return Promise.resolve(new Response("down", { status: 503 }));
      return fetch(input, init);
    };
    const c = await client(account, flaky);
    await c.dispatch("subscriptions.subscribe", { url: world.feedUrls[0]! });
    await c.engine.drain();
    const feedId = await feedIdOf(c, world.feedUrls[0]!);
    const [first, second] = Object.keys((await localState(c.db)).read);

    writesFail = true;
    await c.dispatch("entries.markRead", { entryIds: [first!] });
    await c.dispatch("collections.star", { entryId: second! });
    await c.engine.pull();
    const rebased = await localState(c.db);
    expect(rebased.read[first!]).toBe(true);
    expect(rebased.unread[feedId]).toBe(4);
    expect(rebased.starred).toEqual([second]);
    expect((await serverState(world.baseUrl, account)).unread[feedId]).toBe(5);
    expect(await c.db.query("SELECT name FROM outbox ORDER BY rowid")).toEqual([
      { name: "entries.markRead" },
      { name: "collections.star" },
    ]);

    writesFail = false;
    await c.engine.drain();
    await c.engine.pull();
    expect(await localState(c.db)).toEqual(await serverState(world.baseUrl, account));
    expect((await localState(c.db)).unread[feedId]).toBe(4);
  });

  it("holds commands while the browser is offline and replays them on reconnect", async () => {
    const account = await signUp(world.baseUrl, freshEmail());
    let requests = 0;
    const c = await client(account, (input, init) => {
      requests += 1;
      return fetch(input, init);
    });
    await c.dispatch("subscriptions.subscribe", { url: world.feedUrls[1]! });
    await c.engine.drain();
    const entry = Object.keys((await localState(c.db)).read)[0]!;

    c.setBrowserOnline(false);
    expect(c.connectivity.status).toBe("offline");
    const sent = requests;
    await c.dispatch("collections.star", { entryId: entry });
    await c.dispatch("entries.markRead", { entryIds: [entry] });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests).toBe(sent);

    c.setBrowserOnline(true);
    await c.engine.drain();
    expect(requests).toBeGreaterThan(sent);
    const server = await serverState(world.baseUrl, account);
    expect(server.starred).toEqual([entry]);
    expect(server.read[entry]).toBe(true);
  });

  it("pushes only once this tab holds the leader lock, and pulls meanwhile", async () => {
    const account = await signUp(world.baseUrl, freshEmail());
    let becomeLeader = () => {};
    const leadership = new Promise<void>((resolve) => {
      becomeLeader = resolve;
    });
    const writes: string[] = [];
    const c = await openTestClient({
      baseUrl: world.baseUrl,
      account,
      fetch: (input, init) => {
        // POST entries is a query (it reads entries by id), not a write.
        const write = init?.method && init.method !== "GET" && !/\/entries$/.test(String(input));
        if (write) writes.push(`${init.method} ${String(input)}`);
        return fetch(input, init);
      },
      engine: { leadership },
    });
    open.push(c);
    c.engine.start();
    await c.dispatch("subscriptions.subscribe", { url: world.feedUrls[0]! });
    await c.engine.pull({ entries: false });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(writes).toEqual([]);
    expect(await c.db.query("SELECT name FROM outbox")).toEqual([
      { name: "subscriptions.subscribe" },
    ]);

    becomeLeader();
    await c.engine.drain();
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatch(/^POST .*\/api\/subscriptions$/);
    expect(await c.db.query("SELECT * FROM outbox")).toEqual([]);
  });
});
