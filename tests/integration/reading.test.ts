import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FeedServer, rssFeed } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";
import { withServerDatabase } from "../support/server-database.ts";

const HOUR = 3_600_000;
const base = Date.parse("2026-06-01T12:00:00Z");
const items = Array.from({ length: 25 }, (_, i) => ({
  guid: `item-${i}`,
  title: `Item ${i}`,
  date: new Date(base - i * HOUR),
  html:
    i === 0 ? `<p>Hello</p><script>alert(1)</script><img src="x" onerror="alert(2)">` : undefined,
}));

describe.each(DIALECTS)("reading API on %s", (dialect) => {
  let server: TestServer;
  let feeds: FeedServer;
  let alice: TestClient;
  let feedUrl: string;
  let feedId: string;

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    server = await startTestServer(dialect, {
      AUTH_RATE_LIMIT_MAX: "1000",
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      INGEST_POLL_SECONDS: "3600",
    });
    feedUrl = feeds.serve("/feed.xml", rssFeed("Example", items));
    alice = new TestClient(server.localUrl);
    await alice.signUp(uniqueEmail("alice"));
  });
  afterAll(async () => {
    await server?.close();
    await feeds?.stop();
  });

  it("subscribes by feed URL and stores its entries as unread", async () => {
    const response = await alice.request("POST", "/api/subscriptions", {
      json: { url: feedUrl, view: 0, category: "News" },
    });
    expect(response.status).toBe(200);
    expect(response.body.feed).toMatchObject({ type: "feed", url: feedUrl, title: "Example" });
    feedId = response.body.feed.id;
    expect(response.body.unread).toEqual({ [feedId]: 25 });

    const list = await alice.request("GET", "/api/subscriptions");
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({
      feedId,
      view: 0,
      category: "News",
      isPrivate: false,
    });
    expect((await alice.request("GET", "/api/reads")).body.data).toEqual({ [feedId]: 25 });
  });

  it("pages the timeline with publishedAfter, newest first, each entry once", async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 5; page++) {
      const response = await alice.request("POST", "/api/entries", {
        json: { view: 0, limit: 10, ...(cursor ? { publishedAfter: cursor } : {}) },
      });
      expect(response.status).toBe(200);
      const data = response.body.data as Array<{
        entries: { title: string; publishedAt: string; content?: string };
      }>;
      if (data.length === 0) break;
      for (const item of data) {
        seen.push(item.entries.title);
        expect(item.entries.content).toBeUndefined();
      }
      cursor = data.at(-1)!.entries.publishedAt;
    }
    expect(seen).toEqual(items.map((i) => i.title));
  });

  it("pages the timeline oldest first: publishedAfter is then the lower bound", async () => {
    for (const filter of [{ view: 0 }, { feedId, read: false }, { feedIdList: [feedId] }]) {
      const seen: string[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 5; page++) {
        const response = await alice.request("POST", "/api/entries", {
          json: {
            ...filter,
            order: "oldest",
            limit: 7,
            ...(cursor ? { publishedAfter: cursor } : {}),
          },
        });
        expect(response.status).toBe(200);
        const data = response.body.data as Array<{
          entries: { title: string; publishedAt: string };
        }>;
        if (data.length === 0) break;
        seen.push(...data.map((item) => item.entries.title));
        cursor = data.at(-1)!.entries.publishedAt;
      }
      expect(seen).toEqual(items.map((i) => i.title).reverse());
    }
    const bad = await alice.request("POST", "/api/entries", { json: { order: "sideways" } });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(1002);
  });

  it("pages through entries that share a publish time, or have none, without losing any", async () => {
    const bob = new TestClient(server.localUrl);
    await bob.signUp(uniqueEmail("bob-paging"));
    const numbered = (prefix: string) =>
      Array.from({ length: 25 }, (_, i) => ({ guid: `${prefix}-${i}`, title: `${prefix} ${i}` }));
    const sameTime = numbered("tied").map((item) => ({ ...item, date: new Date(base) }));
    const undated = numbered("undated");
    const feedsToPage = [
      { items: sameTime, url: feeds.serve("/tied.xml", rssFeed("Tied", sameTime)), ordered: false },
      // Undated entries keep the feed's order.
      {
        items: undated,
        url: feeds.serve("/undated.xml", rssFeed("Undated", undated)),
        ordered: true,
      },
    ];
    for (const { items: expected, url, ordered } of feedsToPage) {
      const subscribed = await bob.request("POST", "/api/subscriptions", {
        json: { url, view: 0 },
      });
      expect(subscribed.status).toBe(200);
      // The whole timeline, and the unread one (another driving index), both ways.
      const filters = [{}, { read: false }].flatMap((filter) =>
        ["newest", "oldest"].map((order) => ({ ...filter, order })),
      );
      for (const filter of filters) {
        const seen: string[] = [];
        let cursor: string | undefined;
        for (let page = 0; page < 10; page++) {
          const response = await bob.request("POST", "/api/entries", {
            json: {
              feedId: subscribed.body.feed.id,
              limit: 10,
              ...filter,
              ...(cursor ? { publishedAfter: cursor } : {}),
            },
          });
          const data = response.body.data as Array<{
            entries: { title: string; publishedAt: string };
          }>;
          if (data.length === 0) break;
          seen.push(...data.map((item) => item.entries.title));
          cursor = data.at(-1)!.entries.publishedAt;
        }
        expect(new Set(seen).size).toBe(seen.length);
        const titles = expected.map((item) => item.title);
        if (filter.order === "oldest") titles.reverse();
        if (ordered) expect(seen).toEqual(titles);
        else expect([...seen].sort()).toEqual([...titles].sort());
      }
    }
  });

  it("serves one entry with sanitized content, and streams content as NDJSON", async () => {
    const first = await alice.request("POST", "/api/entries", { json: { feedId, limit: 1 } });
    const id = first.body.data[0].entries.id as string;
    const detail = await alice.request("GET", `/api/entries?id=${id}`);
    expect(detail.body.data.entries.content).toContain("<p>Hello</p>");
    expect(detail.body.data.entries.content).not.toMatch(/<script|onerror|alert/);
    expect(detail.body.data.feeds.id).toBe(feedId);

    const stream = await alice.request("POST", "/api/entries/stream", { json: { ids: [id] } });
    expect(stream.headers.get("content-type")).toContain("ndjson");
    const lines = stream.text
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines).toEqual([{ id, content: detail.body.data.entries.content }]);
  });

  it("marks read and unread; counts never go below zero", async () => {
    const page = await alice.request("POST", "/api/entries", { json: { feedId, limit: 3 } });
    const ids = page.body.data.map((d: { entries: { id: string } }) => d.entries.id) as string[];
    await alice.request("POST", "/api/reads", { json: { entryIds: ids } });
    await alice.request("POST", "/api/reads", { json: { entryIds: ids } });
    expect((await alice.request("GET", "/api/reads")).body.data[feedId]).toBe(22);
    const unreadOnly = await alice.request("POST", "/api/entries", {
      json: { feedId, read: false, limit: 100 },
    });
    expect(unreadOnly.body.data).toHaveLength(22);

    await alice.request("DELETE", "/api/reads", { json: { entryId: ids[0] } });
    await alice.request("DELETE", "/api/reads", { json: { entryId: ids[0] } });
    expect((await alice.request("GET", "/api/reads")).body.data[feedId]).toBe(23);
  });

  it("stars and unstars, and lists stars", async () => {
    const page = await alice.request("POST", "/api/entries", { json: { feedId, limit: 2 } });
    const id = page.body.data[1].entries.id as string;
    expect(
      (await alice.request("POST", "/api/collections", { json: { entryId: id } })).status,
    ).toBe(200);
    expect((await alice.request("GET", `/api/collections?entryId=${id}`)).body.data).toBe(true);
    const starred = await alice.request("POST", "/api/entries", { json: { isCollection: true } });
    expect(starred.body.data.map((d: { entries: { id: string } }) => d.entries.id)).toEqual([id]);
    expect(starred.body.data[0].collections.createdAt).toBeTruthy();
    await alice.request("DELETE", "/api/collections", { json: { entryId: id } });
    expect((await alice.request("GET", `/api/collections?entryId=${id}`)).body.data).toBe(false);
  });

  it("applies a write replayed with the same Idempotency-Key once, answering the same", async () => {
    const page = await alice.request("POST", "/api/entries", {
      json: { feedId, read: false, limit: 1 },
    });
    const id = page.body.data[0].entries.id as string;
    const before = (await alice.request("GET", "/api/reads")).body.data[feedId] as number;
    const key = { "idempotency-key": `mark-${id}` };
    const first = await alice.request("POST", "/api/reads", {
      json: { entryIds: [id] },
      headers: key,
    });
    // Marked unread in between: a replay must not mark it read a second time.
    await alice.request("DELETE", "/api/reads", { json: { entryId: id } });
    const replay = await alice.request("POST", "/api/reads", {
      json: { entryIds: [id] },
      headers: key,
    });
    expect(replay.status).toBe(first.status);
    expect(replay.body).toEqual(first.body);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect((await alice.request("GET", "/api/reads")).body.data[feedId]).toBe(before);
  });

  it("replays a refused write's answer too, without running it again", async () => {
    const key = { "idempotency-key": "refused-once" };
    const first = await alice.request("DELETE", "/api/reads", {
      json: { entryId: "1234567890123" },
      headers: key,
    });
    expect(first.body.code).toBe(3000);
    const replay = await alice.request("DELETE", "/api/reads", {
      json: { entryId: "1234567890123" },
      headers: key,
    });
    expect(replay.status).toBe(first.status);
    expect(replay.body).toEqual(first.body);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
  });

  it("edits, renames and deletes categories, keeping subscriptions unless asked", async () => {
    await alice.request("PATCH", "/api/subscriptions", {
      json: { feedId, title: "Renamed", view: 1 },
    });
    await alice.request("PATCH", "/api/categories", {
      json: { feedIdList: [feedId], category: "Tech" },
    });
    expect((await alice.request("GET", "/api/categories")).body.data).toEqual(["Tech"]);
    await alice.request("DELETE", "/api/categories", { json: { feedIdList: [feedId] } });
    const list = await alice.request("GET", "/api/subscriptions");
    expect(list.body.data[0]).toMatchObject({ feedId, title: "Renamed", view: 1, category: null });
    await alice.request("PATCH", "/api/subscriptions", { json: { feedId, view: 0, title: null } });
  });

  it("marks all read, never mass-marking private subscriptions", async () => {
    const privateUrl = feeds.serve(
      "/private.xml",
      rssFeed(
        "Private",
        items.slice(0, 4).map((i) => ({ ...i, guid: `p-${i.guid}` })),
      ),
    );
    const sub = await alice.request("POST", "/api/subscriptions", {
      json: { url: privateUrl, view: 0, isPrivate: true },
    });
    const privateId = sub.body.feed.id as string;
    const result = await alice.request("POST", "/api/reads/all", { json: { view: 0 } });
    expect(Object.keys(result.body.data.read)).toEqual([feedId]);
    const counts = (await alice.request("GET", "/api/reads")).body.data;
    expect(counts[feedId]).toBeUndefined();
    expect(counts[privateId]).toBe(4);
    const excluded = await alice.request("POST", "/api/entries", {
      json: { excludePrivate: true, read: false },
    });
    expect(excluded.body.data).toHaveLength(0);
  });

  it("refreshes on schedule: new entries become unread, an unchanged feed costs a 304", async () => {
    let current = items.slice(0, 3);
    const url = feeds.serve("/live.xml", () => rssFeed("Live", current));
    const sub = await alice.request("POST", "/api/subscriptions", { json: { url, view: 0 } });
    const liveId = sub.body.feed.id as string;
    await alice.request("POST", "/api/reads/all", { json: { feedId: liveId } });

    await forceDue(server, liveId);
    const before = await storedRows(server, liveId);
    await server.runIngestion();
    expect((await alice.request("GET", "/api/reads")).body.data[liveId]).toBeUndefined();
    expect(feeds.notModified.get("/live.xml")).toBe(1);
    // The 304 wrote nothing: the entries and the feed's data are as they were.
    expect(await storedRows(server, liveId)).toEqual(before);

    current = [
      { guid: "fresh", title: "Fresh", date: new Date(base + HOUR), html: undefined },
      ...current,
    ];
    await forceDue(server, liveId);
    await server.runIngestion();
    expect((await alice.request("GET", "/api/reads")).body.data[liveId]).toBe(1);
    const feed = await alice.request("GET", `/api/feeds?id=${liveId}`);
    expect(feed.body.data.analytics.latestEntryPublishedAt).toBe(
      new Date(base + HOUR).toISOString(),
    );
    expect(feed.body.data.subscriptionCount).toBe(1);
  });

  it("previews a feed by a URL never seen: fetched and stored, not subscribed", async () => {
    const url = feeds.serve("/preview.xml", rssFeed("Preview", items.slice(0, 4)));
    const preview = await alice.request(
      "GET",
      `/api/feeds?url=${encodeURIComponent(url)}&entriesLimit=2`,
    );
    expect(preview.status).toBe(200);
    expect(preview.body.data.feed).toMatchObject({ type: "feed", title: "Preview", url });
    expect(preview.body.data.subscriptionCount).toBe(0);
    expect(preview.body.data.subscription).toBeUndefined();
    const titles = preview.body.data.entries.map((e: { title: string }) => e.title);
    expect(titles).toEqual([items[0]!.title, items[1]!.title]);
    expect(preview.body.data.entries[0].content).toBeUndefined();
    const subscriptions = (await alice.request("GET", "/api/subscriptions")).body.data;
    expect(subscriptions.map((s: { feedId: string }) => s.feedId)).not.toContain(
      preview.body.data.feed.id,
    );

    // Subscribing afterwards finds the stored feed: no second fetch.
    const fetched = feeds.hits.get("/preview.xml");
    const sub = await alice.request("POST", "/api/subscriptions", { json: { url, view: 0 } });
    expect(sub.body.feed.id).toBe(preview.body.data.feed.id);
    expect(feeds.hits.get("/preview.xml")).toBe(fetched);

    const nothing = await alice.request(
      "GET",
      `/api/feeds?url=${encodeURIComponent(feeds.url("/missing.xml"))}`,
    );
    expect(nothing.body.code).toBe(2003);
    const bad = await alice.request("GET", `/api/feeds?url=x&entriesLimit=500`);
    expect([bad.status, bad.body.code]).toEqual([400, 1002]);
  });

  it("records fetch failures on the feed and clears them after a good fetch", async () => {
    let failing = true;
    const url = feeds.route("/flaky.xml", (_request, response) => {
      if (failing) response.writeHead(503, { "retry-after": "120" }).end("busy");
      else
        response
          .writeHead(200, { "content-type": "application/rss+xml" })
          .end(rssFeed("Flaky", items.slice(0, 1)));
    });
    failing = false;
    const sub = await alice.request("POST", "/api/subscriptions", { json: { url, view: 0 } });
    const flakyId = sub.body.feed.id as string;
    failing = true;
    await forceDue(server, flakyId);
    await server.runIngestion();
    let feed = (await alice.request("GET", `/api/feeds?id=${flakyId}`)).body.data.feed;
    expect(feed.errorAt).toBeTruthy();
    expect(feed.errorMessage).toContain("503");
    failing = false;
    await forceDue(server, flakyId);
    await server.runIngestion();
    feed = (await alice.request("GET", `/api/feeds?id=${flakyId}`)).body.data.feed;
    expect(feed.errorAt).toBeNull();
    expect(feed.errorMessage).toBeNull();
  });

  it("answers subscription failures with coded errors", async () => {
    expect(
      (await alice.request("POST", "/api/subscriptions", { json: { view: 0 } })).body.code,
    ).toBe(2002);
    // A site with no feed anywhere (its own server, so no well-known path exists).
    const bare = await new FeedServer().start();
    const html = bare.serve("/plain.html", "<html><body>No feeds here</body></html>", "text/html");
    const notFeed = await alice.request("POST", "/api/subscriptions", { json: { url: html } });
    await bare.stop();
    expect(notFeed.body.code).toBe(2004);
    const gone = await alice.request("POST", "/api/subscriptions", {
      json: { url: feeds.url("/missing.xml") },
    });
    expect([2003, 2004]).toContain(gone.body.code);
    const unreachable = await alice.request("POST", "/api/subscriptions", {
      json: { url: "http://127.0.0.1:1/feed" },
    });
    expect(unreachable.body.code).toBe(2003);
  });

  it("finds a site's feed through <link rel=alternate>", async () => {
    const target = feeds.serve(
      "/site-feed.xml",
      rssFeed(
        "Site",
        items.slice(0, 2).map((i) => ({ ...i, guid: `s-${i.guid}` })),
      ),
    );
    const page = feeds.serve(
      "/blog/",
      `<html><head><link rel="alternate" type="application/rss+xml" href="/site-feed.xml"></head><body>Blog</body></html>`,
      "text/html; charset=utf-8",
    );
    const response = await alice.request("POST", "/api/subscriptions", {
      json: { url: page, view: 0 },
    });
    expect(response.status).toBe(200);
    expect(response.body.feed.url).toBe(target);
  });

  it("lets a subscriber fetch a feed now, and nobody else (only admins any feed)", async () => {
    const response = await alice.request("GET", `/api/feeds/refresh?id=${feedId}`);
    expect(response.status).toBe(200);
    expect(response.body.data.ok).toBeTypeOf("boolean");
    const other = new TestClient(server.localUrl);
    await other.signUp(uniqueEmail("not-following"));
    const refused = await other.request("GET", `/api/feeds/refresh?id=${feedId}`);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(2000);
  });
});

async function forceDue(server: TestServer, feedId: string) {
  await withServerDatabase(server, (handle) =>
    handle.db
      .updateTable("feed")
      .set({ next_check_at: "2000-01-01T00:00:00.000Z" })
      .where("id", "=", feedId)
      .execute(),
  );
}

/** A feed's entry rows and its data, without the scheduler's bookkeeping (checked, next). */
async function storedRows(server: TestServer, feedId: string) {
  return withServerDatabase(server, async (handle) => ({
    entries: await handle.db
      .selectFrom("entry")
      .selectAll()
      .where("feed_id", "=", feedId)
      .orderBy("id")
      .execute(),
    feed: await handle.db
      .selectFrom("feed")
      .select([
        "title",
        "description",
        "image",
        "site_url",
        "language",
        "etag",
        "last_modified",
        "error_at",
        "error_message",
        "updated_at",
      ])
      .where("id", "=", feedId)
      .executeTakeFirst(),
  }));
}
