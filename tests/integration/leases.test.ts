import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase, type DatabaseHandle } from "../../server/db/connect.ts";
import { claimDueFeeds } from "../../server/storage/feed-leases.ts";
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
    const now = "2026-01-01T00:00:00.000Z";
    for (let i = 0; i < 60; i++) {
      const id = String(1_000_000_000_000_000n + BigInt(i));
      await db.db
        .insertInto("feed")
        .values(unfetchedFeedRow(id, `https://feeds.example/${i}`, now))
        .execute();
      // Feeds nobody subscribes to are never fetched: leave every tenth one alone.
      if (i % 10 !== 9) {
        await db.db
          .insertInto("subscription")
          .values({
            user_id: "u1",
            feed_id: id,
            view: 0,
            is_private: 0,
            title: null,
            category: null,
            created_at: now,
          })
          .execute();
      }
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
});
