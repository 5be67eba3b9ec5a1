import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase, type DatabaseHandle } from "../../server/db/connect.ts";
import { type ChildServer, spawnChildServer } from "../support/child-server.ts";
import { FeedServer, rssFeed } from "../support/feed-server.ts";
import { uniqueEmail } from "../support/http-client.ts";
import { createTestPostgres, type TestPostgres } from "../support/postgres.ts";
import { DIALECTS, type Dialect } from "../support/server.ts";
import { openTestClient, signUp, type TestClient } from "../support/sync/remote.ts";
import { serverState } from "../support/sync/state.ts";

const HOLDING = "test hook: holding a write until killed";

/**
 * H2: a server killed with SIGKILL in the middle of a write must not leave its Idempotency-Key
 * "still running" forever. A real client's outbox head is that write; after the restart it has
 * to go through, and so do the commands queued behind it.
 */
describe.each(DIALECTS)("a write killed mid-flight on %s", (dialect: Dialect) => {
  let site: FeedServer;
  let feedUrl: string;
  let dataDir: string;
  let postgres: TestPostgres | undefined;
  let inspect: DatabaseHandle;
  const servers: ChildServer[] = [];
  const clients: TestClient[] = [];

  beforeAll(async () => {
    site = await new FeedServer().start();
    const base = Date.parse("2026-05-01T12:00:00Z");
    feedUrl = site.serve(
      "/feed.xml",
      rssFeed(
        "Killed",
        [0, 1, 2].map((i) => ({
          guid: `k-${i}`,
          title: `Item ${i}`,
          date: new Date(base - i * 3_600_000),
        })),
      ),
    );
    dataDir = mkdtempSync(join(tmpdir(), "follow-kill-"));
    postgres = dialect === "postgres" ? await createTestPostgres() : undefined;
    inspect = connectDatabase({
      databaseUrl: postgres?.url,
      databasePath: join(dataDir, "follow.sqlite"),
      databasePoolMax: 1,
    });
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
    await Promise.all(servers.splice(0).map((s) => s.kill("SIGTERM")));
  });
  afterAll(async () => {
    await inspect?.close();
    await postgres?.drop();
    await site?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const start = async (env: Record<string, string>) => {
    const server = await spawnChildServer({
      DATA_DIR: dataDir,
      ...(postgres ? { DATABASE_URL: postgres.url, DATABASE_POOL_MAX: "2" } : {}),
      ...env,
    });
    servers.push(server);
    return server;
  };

  /** A signed-up reader whose client subscribed to the feed; its entry ids, newest first. */
  const reader = async (server: ChildServer) => {
    const account = await signUp(server.url, uniqueEmail("killed"));
    const client = await openTestClient({
      baseUrl: server.url,
      account,
      backoff: { baseMs: 20, maxMs: 500, jitter: false },
    });
    clients.push(client);
    client.engine.start();
    await client.dispatch("subscriptions.subscribe", { url: feedUrl });
    await client.engine.drain();
    const rows = await client.db.query("SELECT id FROM entries ORDER BY published_at DESC");
    expect(rows).toHaveLength(3);
    return { account, client, entries: rows.map((r) => String(r.id)) };
  };

  const inFlightKeys = (userId: string) =>
    inspect.db
      .selectFrom("idempotency_key")
      .select(["key", "path", "lease_owner", "lease_until"])
      .where("user_id", "=", userId)
      .where("status", "=", 0)
      .execute();

  it("restarted, the same instance clears the key at once: the write and the queue behind it sync", async () => {
    // A lease of ten minutes: only the start-up clearing can explain a quick recovery.
    const lease = { INSTANCE_ID: "api-1", IDEMPOTENCY_LEASE_SECONDS: "600" };
    const first = await start({ ...lease, TEST_HOLD_WRITES: "after:/api/collections" });
    const { account, client, entries } = await reader(first);

    // The star is committed, then the process dies before its answer is stored or sent.
    await client.dispatch("collections.star", { entryId: entries[0]! });
    const held = await first.waitForLog(HOLDING);
    await first.kill("SIGKILL");
    expect(held).toMatchObject({ path: "/api/collections", phase: "after" });
    expect(await inFlightKeys(account.userId)).toEqual([
      expect.objectContaining({ key: held.key, path: "/api/collections", lease_owner: "api-1" }),
    ]);
    // Queued behind the head while the server is down.
    await client.dispatch("entries.markRead", { entryIds: [entries[1]!] });

    const second = await start({ ...lease, PORT: String(first.port) });
    expect(await second.waitForLog("cleared in-flight idempotency keys")).toMatchObject({
      owner: "api-1",
      cleared: 1,
    });
    await client.engine.drain();

    expect(client.rejections).toEqual([]);
    expect(await client.db.query("SELECT * FROM outbox")).toEqual([]);
    const state = await serverState(second.url, account);
    expect(state.starred).toEqual([entries[0]]);
    expect(state.read[entries[1]!]).toBe(true);
    expect(await inFlightKeys(account.userId)).toEqual([]);
    // The write ran twice (before the kill and on the retry) and is stored once.
    const stars = await inspect.db
      .selectFrom("collection")
      .select("entry_id")
      .where("user_id", "=", account.userId)
      .execute();
    expect(stars).toEqual([{ entry_id: entries[0] }]);
  });

  it("restarted as another instance, the dead one's key runs out at its deadline, then syncs", async () => {
    // FETCH_TIMEOUT_SECONDS=1 allows a short lease (it must outlast a subscribe's fetches).
    const short = { IDEMPOTENCY_LEASE_SECONDS: "20", FETCH_TIMEOUT_SECONDS: "1" };
    const first = await start({
      ...short,
      INSTANCE_ID: "api-1",
      TEST_HOLD_WRITES: "before:/api/reads",
    });
    const { account, client, entries } = await reader(first);

    await client.dispatch("entries.markRead", { entryIds: [entries[0]!] });
    const held = await first.waitForLog(HOLDING);
    // Offline from here, so the key can be inspected before the client retries.
    client.setBrowserOnline(false);
    await first.kill("SIGKILL");
    await client.dispatch("collections.star", { entryId: entries[2]! });

    const second = await start({ ...short, INSTANCE_ID: "api-2", PORT: String(first.port) });
    const left = await inFlightKeys(account.userId);
    if (dialect === "sqlite") {
      // One server process per SQLite file: whatever was in flight died with the last one.
      expect(left).toEqual([]);
    } else {
      // Another API process's key may still be running: it waits for its deadline.
      expect(left).toEqual([expect.objectContaining({ key: held.key, lease_owner: "api-1" })]);
      const retry = await fetch(`${second.url}/api/reads`, {
        method: "POST",
        headers: {
          cookie: account.cookie,
          origin: new URL(second.url).origin,
          "content-type": "application/json",
          "idempotency-key": String(held.key),
        },
        body: JSON.stringify({ entryIds: [entries[0]] }),
      });
      expect(retry.status).toBe(409);
      expect(await retry.json()).toMatchObject({ code: 1 });
      const wait = Number(retry.headers.get("retry-after"));
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(20);
    }

    client.setBrowserOnline(true);
    await client.engine.drain();
    expect(client.rejections).toEqual([]);
    const state = await serverState(second.url, account);
    expect(state.read[entries[0]!]).toBe(true);
    expect(state.starred).toEqual([entries[2]]);
    expect(await inFlightKeys(account.userId)).toEqual([]);
  });
});
