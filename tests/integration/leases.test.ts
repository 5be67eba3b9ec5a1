import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase, type DatabaseHandle } from "../../server/db/connect.ts";
import {
  claimDueFeeds,
  claimFeed,
  finishFeedCheck,
  renewFeedLease,
} from "../../server/storage/feed-leases.ts";
import { unfetchedFeedRow } from "../support/feed-rows.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";

/** Several workers claiming due feeds at once never get the same feed. */
describe.each(DIALECTS)("feed leases on %s", (dialect) => {
  let server: TestServer;
  const handles: DatabaseHandle[] = [];
  const open = () => {
    const handle = connectDatabase({
      databaseUrl: server.postgres?.url,
      databasePath: `${server.dataDir}/follow.sqlite`,
      databasePoolMax: server.postgres?.poolMax ?? 4,
    });
    handles.push(handle);
    return handle;
  };

  beforeAll(async () => {
    server = await startTestServer(dialect, { INGEST_SCHEDULER: "false" });
    const db = open();
    for (let i = 0; i < 60; i++) {
      // Feeds nobody subscribes to are never fetched: leave every tenth one alone.
      await addFeed(db, String(1_000_000_000_000_000n + BigInt(i)), i % 10 !== 9);
    }
  });
  afterAll(async () => {
    await Promise.all(handles.map((h) => h.close()));
    await server?.close();
  });

  it("gives concurrent workers disjoint sets that together cover every due subscribed feed", async () => {
    const workers = [open(), open(), open(), open()];
    const rounds = await Promise.all(
      workers.flatMap((db, w) => [0, 1, 2].map(() => claimDueFeeds(db, `w${w}`, 7, 60_000))),
    );
    const claimed = rounds.flat().map((feed) => feed.id);
    expect(new Set(claimed).size).toBe(claimed.length);
    expect(claimed.length).toBe(54);
    const again = await claimDueFeeds(workers[0]!, "late", 100, 60_000);
    expect(again).toEqual([]);
  });

  it("fetches only on a lease still held: an expired one passes to the next worker", async () => {
    const db = open();
    const id = "1000000000000001000";
    await addFeed(db, id, true);
    // A batch claimed with a lease that runs out before this feed's turn comes...
    const [claimed] = await claimDueFeeds(db, "slow-worker", 10, -1);
    expect(claimed?.id).toBe(id);
    const [taken] = await claimDueFeeds(db, "next-worker", 10, 60_000);
    expect(taken?.id).toBe(id);
    // ...so the first worker may not fetch it, and the new holder may.
    expect(await renewFeedLease(db, id, "slow-worker", 60_000)).toBe(false);
    expect(await renewFeedLease(db, id, "next-worker", 60_000)).toBe(true);
    // An admin's forced refresh waits for the lease too.
    expect(await claimFeed(db, id, "admin-1", 60_000)).toBeUndefined();
    await finishFeedCheck(db, id, "next-worker", {
      ok: true,
      nextCheckAt: "2099-01-01T00:00:00.000Z",
      etag: null,
      lastModified: null,
    });
    expect((await claimFeed(db, id, "admin-1", 60_000))?.lease_owner).toBe("admin-1");
    expect(await claimFeed(db, "1000000000000009999", "admin-1", 60_000)).toBeUndefined();
  });
});

const CREATED = "2026-01-01T00:00:00.000Z";

/** A due feed, never fetched, with one subscriber when `subscribed`. */
async function addFeed(handle: DatabaseHandle, id: string, subscribed: boolean) {
  await handle.db
    .insertInto("feed")
    .values(unfetchedFeedRow(id, `https://feeds.example/${id}`, CREATED))
    .execute();
  if (!subscribed) return;
  await handle.db
    .insertInto("subscription")
    .values({
      user_id: "u1",
      feed_id: id,
      view: 0,
      is_private: 0,
      title: null,
      category: null,
      created_at: CREATED,
    })
    .execute();
}
