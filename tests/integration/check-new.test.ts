import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FeedServer, rssFeed } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";

const base = Date.parse("2026-06-01T12:00:00Z");
const items = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => ({
    guid: `${prefix}-${i}`,
    title: `${prefix} ${i}`,
    date: new Date(base - i * 3_600_000),
  }));

describe.each(DIALECTS)("GET /entries/check-new on %s", (dialect) => {
  let server: TestServer;
  let feeds: FeedServer;
  let alice: TestClient;
  let feedA: string;
  let feedB: string;

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    server = await startTestServer(dialect, {
      AUTH_RATE_LIMIT_MAX: "1000",
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      INGEST_POLL_SECONDS: "3600",
    });
    alice = new TestClient(server.localUrl);
    await alice.signUp(uniqueEmail("check-new"));
    const a = await alice.request("POST", "/api/subscriptions", {
      json: { url: feeds.serve("/a.xml", rssFeed("A", items("a", 3))), view: 0 },
    });
    feedA = a.body.feed.id;
  });
  afterAll(async () => {
    await server?.close();
    await feeds?.stop();
  });

  const check = (query: string) => alice.request("GET", `/api/entries/check-new?${query}`);

  it("says whether the timeline has entries stored after the time given", async () => {
    const before = Date.now() - 60_000;
    const now = Date.now() + 1000;
    const old = await check(`insertedAfter=${before}&view=0`);
    expect(old.status).toBe(200);
    expect(old.body.data).toMatchObject({ has_new: true });
    expect(typeof old.body.data.entry_id).toBe("string");
    expect(Date.parse(old.body.data.lastest_at)).toBeGreaterThan(before);
    const none = await check(`insertedAfter=${now}&view=0`);
    expect(none.body.data).toEqual({ has_new: false });

    // A feed subscribed now: new for its own timeline and for everything, not for feed A.
    const b = await alice.request("POST", "/api/subscriptions", {
      json: { url: feeds.serve("/b.xml", rssFeed("B", items("b", 2))), view: 0 },
    });
    feedB = b.body.feed.id;
    const since = new Date(now - 1000).toISOString();
    expect((await check(`insertedAfter=${since}&feedId=${feedB}`)).body.data.has_new).toBe(true);
    expect(
      (await check(`insertedAfter=${since}&feedIdList=${feedA},${feedB}`)).body.data.has_new,
    ).toBe(true);
    expect((await check(`insertedAfter=${now}&feedId=${feedA}`)).body.data.has_new).toBe(false);
    expect((await check(`insertedAfter=${since}&read=false`)).body.data.has_new).toBe(true);
    expect((await check(`insertedAfter=${since}&view=1`)).body.data.has_new).toBe(false);

    // Read elsewhere: nothing new for unread only, still new for the whole timeline.
    const listed = await alice.request("POST", "/api/entries", { json: { feedId: feedB } });
    const entryIds = (listed.body.data as Array<{ entries: { id: string } }>).map(
      (i) => i.entries.id,
    );
    expect((await alice.request("POST", "/api/reads", { json: { entryIds } })).status).toBe(200);
    const unreadOnly = `insertedAfter=${since}&read=false&feedId=${feedB}`;
    expect((await check(unreadOnly)).body.data.has_new).toBe(false);
    expect((await check(`insertedAfter=${since}&read=true`)).body.data.has_new).toBe(true);
  });

  it("never tells one user about another's feeds", async () => {
    const bob = new TestClient(server.localUrl);
    await bob.signUp(uniqueEmail("check-new-bob"));
    const since = Date.now() - 3_600_000;
    const answer = await bob.request("GET", `/api/entries/check-new?insertedAfter=${since}`);
    expect(answer.body.data).toEqual({ has_new: false });
    const theirs = `/api/entries/check-new?insertedAfter=${since}&feedId=${feedA}`;
    expect((await bob.request("GET", theirs)).body.data).toEqual({ has_new: false });
  });

  it("refuses a time it cannot read (1002)", async () => {
    const response = await check("insertedAfter=yesterday");
    expect(response.body.code).toBe(1002);
  });
});
