import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nextSlot, serverTimeZone } from "../../server/ai/daily/schedule.ts";
import { FeedServer, rssFeed } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";

/** Bob tries every endpoint against Alice's data; Alice's state must not move. */
describe.each(DIALECTS)("user isolation on %s", (dialect) => {
  let server: TestServer;
  let feeds: FeedServer;
  let alice: TestClient;
  let bob: TestClient;
  let feedId: string;
  let entryIds: string[];
  let starred: string;

  async function aliceState() {
    return {
      subscriptions: (await alice.request("GET", "/api/subscriptions")).body.data,
      unread: (await alice.request("GET", "/api/reads")).body.data,
      stars: (
        await alice.request("POST", "/api/entries", { json: { isCollection: true } })
      ).body.data.map((d: { entries: { id: string } }) => d.entries.id),
      categories: (await alice.request("GET", "/api/categories")).body.data,
    };
  }

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    server = await startTestServer(dialect, {
      AUTH_RATE_LIMIT_MAX: "1000",
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      INGEST_POLL_SECONDS: "3600",
    });
    const url = feeds.serve(
      "/alice.xml",
      rssFeed(
        "Alice's feed",
        Array.from({ length: 5 }, (_, i) => ({
          guid: `a${i}`,
          title: `A${i}`,
          date: new Date(Date.UTC(2026, 0, 1 + i)),
        })),
      ),
    );
    alice = new TestClient(server.localUrl);
    bob = new TestClient(server.localUrl);
    await alice.signUp(uniqueEmail("alice"));
    await bob.signUp(uniqueEmail("bob"));
    const sub = await alice.request("POST", "/api/subscriptions", {
      json: { url, view: 0, category: "Mine", isPrivate: true },
    });
    feedId = sub.body.feed.id;
    const list = await alice.request("POST", "/api/entries", { json: { feedId } });
    entryIds = list.body.data.map((d: { entries: { id: string } }) => d.entries.id);
    starred = entryIds[0]!;
    await alice.request("POST", "/api/collections", { json: { entryId: starred } });
    // Alice's daily report covering her entries: as the clock reads just after the next 8 o'clock.
    await server.runDailyReports(
      new Date(nextSlot(new Date(), serverTimeZone()).getTime() + 60_000),
    );
    const report = await alice.request("GET", "/api/ai/daily-reports");
    expect(report.body.data[0].entries).toHaveLength(5);
  });
  afterAll(async () => {
    await server?.close();
    await feeds?.stop();
  });

  it("cannot read or change anything of another user, on any endpoint", async () => {
    const before = await aliceState();
    const id = entryIds[1]!;
    type Answer = Awaited<ReturnType<TestClient["request"]>>;
    const attempts: Array<[string, string, unknown, (r: Answer) => void]> = [
      ["GET", "/api/subscriptions", undefined, (r) => expect(r.body.data).toEqual([])],
      ["GET", "/api/reads", undefined, (r) => expect(r.body.data).toEqual({})],
      ["GET", "/api/categories", undefined, (r) => expect(r.body.data).toEqual([])],
      ["POST", "/api/entries", { feedId }, (r) => expect(r.body.data).toEqual([])],
      ["POST", "/api/entries", { isCollection: true }, (r) => expect(r.body.data).toEqual([])],
      ["GET", `/api/entries?id=${id}`, undefined, (r) => expect(r.body.code).toBe(3000)],
      ["POST", "/api/entries/stream", { ids: entryIds }, (r) => expect(r.text).toBe("")],
      [
        "GET",
        `/api/entries/readability?id=${id}`,
        undefined,
        (r) => expect(r.body.code).toBe(3000),
      ],
      [
        "GET",
        `/api/entries/read-histories/${id}`,
        undefined,
        (r) => expect(r.body.code).toBe(3000),
      ],
      [
        "GET",
        `/api/collections?entryId=${starred}`,
        undefined,
        (r) => expect(r.body.data).toBe(false),
      ],
      ["POST", "/api/collections", { entryId: id }, (r) => expect(r.body.code).toBe(3000)],
      ["DELETE", "/api/collections", { entryId: starred }, (r) => expect(r.status).toBe(200)],
      ["POST", "/api/reads", { entryIds }, (r) => expect(r.status).toBe(200)],
      ["DELETE", "/api/reads", { entryId: id }, (r) => expect(r.body.code).toBe(3000)],
      ["POST", "/api/reads/all", { feedId }, (r) => expect(r.body.data.read).toEqual({})],
      ["POST", "/api/reads/all", {}, (r) => expect(r.body.data.read).toEqual({})],
      [
        "PATCH",
        "/api/subscriptions",
        { feedId, title: "Bob's now" },
        (r) => expect(r.body.code).toBe(2001),
      ],
      [
        "PATCH",
        "/api/subscriptions/batch",
        { feedIds: [feedId], category: "Bob" },
        (r) => expect(r.status).toBe(200),
      ],
      ["DELETE", "/api/subscriptions", { feedId }, (r) => expect(r.status).toBe(200)],
      [
        "PATCH",
        "/api/categories",
        { feedIdList: [feedId], category: "Bob" },
        (r) => expect(r.status).toBe(200),
      ],
      [
        "DELETE",
        "/api/categories",
        { feedIdList: [feedId], deleteSubscriptions: true },
        (r) => expect(r.status).toBe(200),
      ],
      [
        "GET",
        `/api/feeds?id=${feedId}`,
        undefined,
        (r) => expect(r.body.data.subscription).toBeUndefined(),
      ],
      ["GET", `/api/feeds/refresh?id=${feedId}`, undefined, (r) => expect(r.body.code).toBe(2000)],
      ["GET", `/api/ai/summary?id=${id}`, undefined, (r) => expect(r.body.code).toBe(3000)],
      ["GET", "/api/actions", undefined, (r) => expect(r.body.data).toEqual({ rules: [] })],
      ["GET", "/api/push/subscriptions", undefined, (r) => expect(r.body.data).toEqual([])],
      ["GET", "/api/ai/provider", undefined, (r) => expect(r.body.data).toBeNull()],
      ["GET", "/api/ai/daily-reports", undefined, (r) => expect(r.body.data).toEqual([])],
      ["POST", "/api/actions/apply", {}, (r) => expect(r.body.data).toEqual({ matched: 0 })],
      ["GET", `/api/ai/summary/stream?id=${id}`, undefined, (r) => expect(r.body.code).toBe(3000)],
      // Bob's own (absent) integration settings, never Alice's: nothing is sent anywhere.
      [
        "POST",
        "/api/integrations/save",
        { service: "readwise", entryId: id },
        (r) => expect(r.body.code).toBe(7000),
      ],
      [
        "POST",
        "/api/integrations/test",
        { service: "zotero" },
        (r) => expect(r.body.code).toBe(7000),
      ],
    ];
    for (const [method, path, json, check] of attempts) {
      const response = await bob.request(method, path, json === undefined ? {} : { json });
      expect(response.status, `${method} ${path}`).toBeLessThan(500);
      check(response);
      expect(await aliceState(), `${method} ${path}`).toEqual(before);
    }
  });

  it("keeps idempotency keys per user", async () => {
    const key = { "idempotency-key": "shared-key" };
    const mine = await alice.request("POST", "/api/collections", {
      json: { entryId: entryIds[2] },
      headers: key,
    });
    expect(mine.status).toBe(200);
    const theirs = await bob.request("POST", "/api/collections", {
      json: { entryId: entryIds[2] },
      headers: key,
    });
    expect(theirs.body.code).toBe(3000);
    expect(theirs.headers.get("idempotent-replayed")).toBeNull();
  });

  it("requires a session on every reading endpoint", async () => {
    const anonymous = new TestClient(server.localUrl);
    for (const [method, path] of [
      ["GET", "/api/subscriptions"],
      ["POST", "/api/subscriptions"],
      ["POST", "/api/entries"],
      ["GET", "/api/reads"],
      ["POST", "/api/reads/all"],
      ["POST", "/api/collections"],
      ["GET", "/api/categories"],
      ["GET", "/api/feeds?id=1"],
    ] as const) {
      const response = await anonymous.request(method, path, method === "GET" ? {} : { json: {} });
      expect(response.status, path).toBe(401);
      expect(response.body.code, path).toBe(1000);
    }
  });
});
