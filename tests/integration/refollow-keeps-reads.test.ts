import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FeedServer, rssFeed } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";

const ENTRIES = 6;

/**
 * Unsubscribing and following a feed again starts unread only the entries never read while
 * following it: a read (by id or by mark-all-read) stays read, even one marked unread since.
 * The sync property test's model of the server relies on this rule.
 */
describe.each(DIALECTS)("following a feed again on %s", (dialect) => {
  let server: TestServer;
  let feeds: FeedServer;
  let reader: TestClient;

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    server = await startTestServer(dialect, {
      AUTH_RATE_LIMIT_MAX: "1000",
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      INGEST_POLL_SECONDS: "3600",
    });
    reader = new TestClient(server.localUrl);
    await reader.signUp(uniqueEmail("refollow"));
  });
  afterAll(async () => {
    await server?.close();
    await feeds?.stop();
  });

  it("keeps what was read, by id or by mark-all-read, and marked unread since", async () => {
    const url = feeds.serve(
      "/again.xml",
      rssFeed(
        "Again",
        Array.from({ length: ENTRIES }, (_, i) => ({
          guid: `again${i}`,
          title: `again ${i}`,
          date: new Date(Date.UTC(2026, 0, 1 + i)),
        })),
      ),
    );
    const follow = () => reader.request("POST", "/api/subscriptions", { json: { url, view: 1 } });
    const feedId = (await follow()).body.feed.id as string;
    const entries = (await reader.request("POST", "/api/entries", { json: { feedId } })).body
      .data as { entries: { id: string; publishedAt: string } }[];
    // Newest first: the two oldest are read by mark-all-read up to the second one's time.
    const ids = entries.map((d) => d.entries.id);
    expect(ids).toHaveLength(ENTRIES);
    const markedAll = await reader.request("POST", "/api/reads/all", {
      json: {
        view: 1,
        feedIdList: [feedId],
        excludePrivate: true,
        endTime: entries[ENTRIES - 2]!.entries.publishedAt,
      },
    });
    expect(markedAll.body.data.read).toEqual({ [feedId]: 2 });
    await reader.request("POST", "/api/reads", { json: { entryIds: [ids[0], ids[1]] } });
    await reader.request("DELETE", "/api/reads", { json: { entryId: ids[1] } });
    expect((await reader.request("GET", "/api/reads")).body.data[feedId]).toBe(ENTRIES - 3);

    await reader.request("DELETE", "/api/subscriptions", { json: { feedId } });
    const again = await follow();
    expect(again.status, again.text).toBe(200);
    expect(again.body.unread[feedId]).toBe(ENTRIES - 4);
    const unread = (
      await reader.request("POST", "/api/entries", { json: { feedId, read: false } })
    ).body.data.map((d: { entries: { id: string } }) => d.entries.id);
    expect(unread.sort()).toEqual(ids.slice(2, ENTRIES - 2).sort());
  });
});
