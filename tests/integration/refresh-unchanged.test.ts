import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase, type DatabaseHandle } from "../../server/db/connect.ts";
import { createFetcher, type Fetcher } from "../../server/ingest/guarded-fetch.ts";
import { refreshFeed } from "../../server/jobs/refresh-feed.ts";
import { createLogger } from "../../server/logger.ts";
import { unfetchedFeedRow } from "../support/feed-rows.ts";
import { FeedServer } from "../support/feed-server.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";

/** Refreshes of unchanged feeds: validators survive a bare 304, an identical 200 is not re-read. */
const logger = createLogger({ logLevel: "silent" });
const rss = (guids: string[]) =>
  `<rss version="2.0"><channel><title>Unchanged</title>${guids
    .map((g) => `<item><guid>${g}</guid><title>${g}</title></item>`)
    .join("")}</channel></rss>`;

describe.each(DIALECTS)("refreshing unchanged feeds on %s", (dialect) => {
  let server: TestServer;
  let database: DatabaseHandle;
  let fetcher: Fetcher;
  const feeds = new FeedServer();
  let nextId = 2_000_000_000_000_000n;

  beforeAll(async () => {
    server = await startTestServer(dialect, { INGEST_SCHEDULER: "false" });
    database = connectDatabase({
      databaseUrl: server.postgres?.url,
      databasePath: `${server.dataDir}/follow.sqlite`,
      databasePoolMax: 2,
    });
    fetcher = createFetcher({ allowPrivateNetworks: ["127.0.0.1/32"], timeoutMs: 5_000 });
    await feeds.start();
  });
  afterAll(async () => {
    await feeds.stop();
    await fetcher?.close();
    await database?.close();
    await server?.close();
  });

  async function refresh(url: string, id: string) {
    const feed = await database.db
      .selectFrom("feed")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    const outcome = await refreshFeed(database, fetcher, feed, "test-worker", logger);
    if (!outcome.ok) throw new Error(`refresh of ${url} failed: ${outcome.message}`);
    const after = await database.db
      .selectFrom("feed")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    return { outcome, feed: after };
  }

  async function addFeed(url: string) {
    const id = String(nextId++);
    await database.db
      .insertInto("feed")
      .values(unfetchedFeedRow(id, url, new Date().toISOString()))
      .execute();
    return id;
  }

  it("keeps the stored validators when a 304 repeats none", async () => {
    const sent: Array<string | undefined> = [];
    const url = feeds.route("/bare-304.xml", (request, response) => {
      sent.push(request.headers["if-none-match"]);
      if (request.headers["if-none-match"] === '"v1"') return response.writeHead(304).end();
      response
        .writeHead(200, {
          "content-type": "application/rss+xml",
          etag: '"v1"',
          "last-modified": "Mon, 02 Mar 2026 10:00:00 GMT",
        })
        .end(rss(["a"]));
    });
    const id = await addFeed(url);
    const first = await refresh(url, id);
    expect(first.feed.etag).toBe('"v1"');
    for (let i = 0; i < 2; i++) {
      const again = await refresh(url, id);
      expect(again.outcome).toMatchObject({ ok: true, notModified: true, unchanged: true });
      expect(again.feed.etag).toBe('"v1"');
      expect(again.feed.last_modified).toBe("Mon, 02 Mar 2026 10:00:00 GMT");
    }
    // Every check after the first was conditional: no full download again.
    expect(sent).toEqual([undefined, '"v1"', '"v1"']);
  });

  it("skips an identical 200 body by its hash, and reads a changed one", async () => {
    let body = rss(["x1", "x2"]);
    const url = feeds.route("/no-validators.xml", (_request, response) => {
      response.writeHead(200, { "content-type": "application/rss+xml" }).end(body);
    });
    const id = await addFeed(url);
    const first = await refresh(url, id);
    expect(first.outcome).toMatchObject({ unchanged: false, inserted: 2 });
    expect(first.feed.body_hash).toMatch(/^[0-9a-f]{64}$/);

    // Make any re-read visible: a re-read would restore the title changed here.
    await database.db.updateTable("feed").set({ title: "edited" }).where("id", "=", id).execute();
    const same = await refresh(url, id);
    expect(same.outcome).toMatchObject({ notModified: false, unchanged: true, inserted: 0 });
    expect(same.feed.title).toBe("edited");
    expect(same.feed.body_hash).toBe(first.feed.body_hash);

    body = rss(["x3", "x1", "x2"]);
    const changed = await refresh(url, id);
    expect(changed.outcome).toMatchObject({ unchanged: false, inserted: 1 });
    expect(changed.feed.title).toBe("Unchanged");
    expect(changed.feed.body_hash).not.toBe(first.feed.body_hash);
  });
});
