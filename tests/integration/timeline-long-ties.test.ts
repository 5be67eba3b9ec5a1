import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENTRIES_MAX_TIED_ROWS } from "../../contract/constants.ts";
import { createPager } from "../../src/sync/pager.ts";
import { FeedServer, rssFeed } from "../support/feed-server.ts";
import { TestClient as HttpClient, uniqueEmail } from "../support/http-client.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";
import { openTestClient, signUp, type TestClient } from "../support/sync/remote.ts";

/**
 * More entries share one publish time than a page may grow by (a feed that stamps every item
 * with its build date): a page ends inside the run, and the rest is read on by the keyset
 * cursor. Nothing of the run may be skipped, by the server's pages or by the reader's pager.
 */
const TIED = ENTRIES_MAX_TIED_ROWS + 30;
const OLDER = 5;
const stamp = Date.parse("2026-03-01T08:00:00Z");
const items = [
  ...Array.from({ length: TIED }, (_, i) => ({
    guid: `tied-${i}`,
    title: `Tied ${i}`,
    date: new Date(stamp),
  })),
  ...Array.from({ length: OLDER }, (_, i) => ({
    guid: `older-${i}`,
    title: `Older ${i}`,
    date: new Date(stamp - (i + 1) * 3_600_000),
  })),
];

describe.each(DIALECTS)(
  "a run of entries sharing a publish time past a page's growth on %s",
  (dialect) => {
    let server: TestServer;
    let feeds: FeedServer;
    let http: HttpClient;
    let reader: TestClient;
    let feedId: string;

    beforeAll(async () => {
      feeds = await new FeedServer().start();
      server = await startTestServer(dialect, {
        FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
        INGEST_POLL_SECONDS: "3600",
      });
      const email = uniqueEmail("ties");
      const account = await signUp(server.localUrl, email);
      http = new HttpClient(server.localUrl);
      await http.signIn(email);
      const url = feeds.serve("/build-date.xml", rssFeed("Build date", items));
      const subscribed = await http.request("POST", "/api/subscriptions", {
        json: { url, view: 0 },
      });
      expect(subscribed.status).toBe(200);
      feedId = subscribed.body.feed.id;
      reader = await openTestClient({ baseUrl: server.localUrl, account });
    }, 120_000);
    afterAll(async () => {
      await reader?.close();
      await server?.close();
      await feeds?.stop();
    });

    const titlesOf = (body: { data: Array<{ entries: { title: string } }> }) =>
      body.data.map((item) => item.entries.title);

    it("grows a page by at most the cap, and the keyset cursor reads the rest of the run", async () => {
      for (const filter of [{}, { order: "oldest" }]) {
        const seen: string[] = [];
        let request: Record<string, unknown> = { feedId, limit: 10, ...filter };
        for (let page = 0; page < 10; page++) {
          const { body } = await http.request("POST", "/api/entries", { json: request });
          expect(body.code).toBe(0);
          const data = body.data as Array<{ entries: { id: string; publishedAt: string } }>;
          expect(data.length).toBeLessThanOrEqual(10 + ENTRIES_MAX_TIED_ROWS);
          seen.push(...titlesOf(body));
          if (data.length < 10) break;
          const last = data.at(-1)!.entries;
          // Cut inside the run: read on within it; else strictly beyond the last time.
          request =
            data.length === 10 + ENTRIES_MAX_TIED_ROWS
              ? { ...request, publishedAfter: last.publishedAt, publishedAfterId: last.id }
              : { feedId, limit: 10, ...filter, publishedAfter: last.publishedAt };
        }
        expect(new Set(seen).size).toBe(seen.length);
        expect(seen.length).toBe(items.length);
      }
    });

    it("the keyset cursor reads on inside the run in the unread timeline as well", async () => {
      // A new subscription's newest entries are unread: one run, read in one page.
      const all = await http.request("POST", "/api/entries", {
        json: { feedId, read: false, limit: 100 },
      });
      const ids = (all.body.data as Array<{ entries: { id: string } }>).map(
        (item) => item.entries.id,
      );
      expect(ids.length).toBeGreaterThan(20);
      const middle = Math.floor(ids.length / 2);
      const rest = await http.request("POST", "/api/entries", {
        json: {
          feedId,
          read: false,
          limit: 10,
          publishedAfter: new Date(stamp).toISOString(),
          publishedAfterId: ids[middle - 1],
        },
      });
      // Ten past the cursor, grown by the rest of the run.
      expect(rest.body.data.map((item: { entries: { id: string } }) => item.entries.id)).toEqual(
        ids.slice(middle),
      );
    });

    it("the reader's pager stores every entry of the feed, without a duplicate", async () => {
      const pager = createPager({
        db: reader.db,
        call: reader.call,
        scope: { feedId },
        pageSize: 10,
      });
      for (let page = 0; page < 20 && !pager.state.end; page++) await pager.loadMore();
      pager.stop();
      expect(pager.state.end).toBe(true);
      const rows = await reader.db.query<{ n: number; distinct_guids: number }>(
        "SELECT COUNT(*) AS n, COUNT(DISTINCT guid) AS distinct_guids FROM entries WHERE feed_id = ?",
        [feedId],
      );
      expect(Number(rows[0]!.n)).toBe(items.length);
      expect(Number(rows[0]!.distinct_guids)).toBe(items.length);
    });

    it("a bad keyset id is a coded 1002, never a 500", async () => {
      const { status, body } = await http.request("POST", "/api/entries", {
        json: { feedId, publishedAfter: new Date(stamp).toISOString(), publishedAfterId: "x'; --" },
      });
      expect(status).toBe(400);
      expect(body.code).toBe(1002);
    });
  },
);
