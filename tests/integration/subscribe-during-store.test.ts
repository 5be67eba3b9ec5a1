import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase } from "../../server/db/connect.ts";
import type { NormalizedEntry } from "../../server/feed-model.ts";
import { storeEntries } from "../../server/storage/entries.ts";
import { FeedServer, rssFeed } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { startTestServer, type TestServer } from "../support/server.ts";

/**
 * PostgreSQL runs a feed's store and a new subscription to it side by side (READ COMMITTED): a
 * store that read the subscribers before the subscription committed left the new subscriber
 * without the entries it stored, and the subscription, having read the entries before the store
 * committed, without them too: 0 unread. Here the subscription is played by hand (it holds the
 * feed's row, as subscribing does) while the feed's new entry is stored.
 */
function lateEntry(): NormalizedEntry {
  return {
    guid: "late",
    title: "Late",
    url: null,
    content: "<p>Late</p>",
    description: "Late",
    author: null,
    authorUrl: null,
    authorAvatar: null,
    publishedAt: new Date(Date.UTC(2026, 1, 1)),
    categories: [],
    media: [],
    attachments: [],
    language: null,
  };
}

describe("a feed stored while someone subscribes to it (PostgreSQL)", () => {
  let server: TestServer;
  let feeds: FeedServer;

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    server = await startTestServer("postgres", {
      AUTH_RATE_LIMIT_MAX: "1000",
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      INGEST_POLL_SECONDS: "3600",
    });
  });
  afterAll(async () => {
    await server?.close();
    await feeds?.stop();
  });

  it("waits for the subscription, and its new entries are unread for the new subscriber", async () => {
    const url = feeds.serve("/busy.xml", () =>
      rssFeed(
        "Busy",
        Array.from({ length: 3 }, (_, i) => ({
          guid: `b${i}`,
          title: `B${i}`,
          date: new Date(Date.UTC(2026, 0, 1 + i)),
        })),
      ),
    );
    const first = new TestClient(server.localUrl);
    await first.signUp(uniqueEmail("first"));
    const feedId = (await first.request("POST", "/api/subscriptions", { json: { url } })).body.feed
      .id as string;
    const reader = new TestClient(server.localUrl);
    await reader.signUp(uniqueEmail("reader"));
    const readerId = (await reader.session()).body.user.id as string;

    const database = connectDatabase({
      databaseUrl: server.postgres!.url,
      databasePath: "",
      databasePoolMax: 2,
    });
    const subscribing = new pg.Client({ connectionString: server.postgres!.url });
    await subscribing.connect();
    try {
      await subscribing.query("BEGIN");
      await subscribing.query("SELECT id FROM feed WHERE id = $1 FOR UPDATE", [feedId]);
      await subscribing.query(
        `INSERT INTO subscription (user_id, feed_id, view, is_private, created_at)
         VALUES ($1, $2, 0, 0, '2026-01-01T00:00:00.000Z')`,
        [readerId, feedId],
      );
      const store = storeEntries(database, feedId, [lateEntry()]);
      // Long enough for the store to reach the database while the subscription is open.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await subscribing.query("COMMIT");
      expect((await store).inserted).toBe(1);
    } finally {
      await subscribing.end();
      await database.close();
    }
    const entries = await reader.request("POST", "/api/entries", { json: { feedId } });
    expect(entries.body.data).toHaveLength(4);
    // The hand-played subscription marked nothing unread; the entry stored after it did.
    expect((await reader.request("GET", "/api/reads")).body.data[feedId]).toBe(1);
  });
});
