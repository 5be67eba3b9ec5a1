import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FeedServer, rssFeed } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";

const items = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => ({
    guid: `${prefix}-${i}`,
    title: `${prefix} post ${i}`,
    date: new Date(Date.now() - i * 86_400_000),
  }));

interface Trending {
  feeds: Array<{ feed: { id: string; title: string }; subscribed: boolean; score: number }>;
  lists: Array<{
    list: { id: string; title: string };
    owner: { id: string; name: string } | null;
    subscriptionCount: number;
    subscribed: boolean;
  }>;
  users: Array<{ user: { id: string; name: string }; listCount: number; score: number }>;
  entries: Array<{
    entry: { id: string; title: string };
    feed: { title: string };
    reads: number;
    stars: number;
  }>;
  computedAt: string;
}

describe.each(DIALECTS)("discover trending and categories on %s", (dialect) => {
  let server: TestServer;
  let feeds: FeedServer;
  let alice: TestClient;
  let bob: TestClient;
  let carol: TestClient;
  let dave: TestClient;
  let aliceId: string;
  const feedIds: Record<string, string> = {};
  let listId: string;

  const trending = async (client: TestClient, query = "") => {
    const response = await client.request("GET", `/api/discover/trending${query}`);
    expect(response.status).toBe(200);
    return response.body.data as Trending;
  };
  const entriesOf = async (client: TestClient, feedId: string) =>
    (
      (await client.request("POST", "/api/entries", { json: { feedId } })).body.data as Array<{
        entries: { id: string; title: string };
      }>
    ).map((item) => item.entries);

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    server = await startTestServer(dialect, {
      AUTH_RATE_LIMIT_MAX: "1000",
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      INGEST_POLL_SECONDS: "3600",
      TRENDING_REFRESH_SECONDS: "0",
    });
    alice = new TestClient(server.localUrl);
    bob = new TestClient(server.localUrl);
    carol = new TestClient(server.localUrl);
    dave = new TestClient(server.localUrl);
    await alice.signUp(uniqueEmail("alice-trend"), "correct horse battery", "Alice");
    await bob.signUp(uniqueEmail("bob-trend"), "correct horse battery", "Bob");
    await carol.signUp(uniqueEmail("carol-trend"), "correct horse battery", "Carol");
    await dave.signUp(uniqueEmail("dave-trend"), "correct horse battery", "Dave");
    aliceId = (await alice.request("GET", "/api/better-auth/get-session")).body.user.id;
    const follow = async (
      client: TestClient,
      name: string,
      options: { isPrivate?: boolean; category?: string } = {},
    ) => {
      const url = feeds.serve(`/${name}.xml`, rssFeed(name, items(name, 3)));
      const response = await client.request("POST", "/api/subscriptions", {
        json: { url, view: 0, ...options },
      });
      expect(response.status).toBe(200);
      feedIds[name] = response.body.feed.id;
    };
    await follow(alice, "Kitchen", { category: "Reading" });
    await follow(bob, "Kitchen", { category: "reading" });
    await follow(carol, "Kitchen");
    await follow(alice, "Garden", { category: "Programming" });
    await follow(bob, "Plans", { isPrivate: true, category: "Programming" });
    await follow(bob, "Quiet");
    // Garden's newest entry is read by its one subscriber and starred: the most active entry.
    const [first] = await entriesOf(alice, feedIds.Garden!);
    expect(
      (await alice.request("POST", "/api/reads", { json: { entryIds: [first!.id] } })).status,
    ).toBe(200);
    expect(
      (await alice.request("POST", "/api/collections", { json: { entryId: first!.id } })).status,
    ).toBe(200);
    // Bob reads and stars his private feed: it must never show.
    const plans = await entriesOf(bob, feedIds.Plans!);
    await bob.request("POST", "/api/reads", { json: { entryIds: plans.map((e) => e.id) } });
    for (const entry of plans)
      await bob.request("POST", "/api/collections", { json: { entryId: entry.id } });
    const created = await alice.request("POST", "/api/lists", {
      json: { title: "Food and gardens", view: 0 },
    });
    listId = created.body.data.id;
    await alice.request("POST", "/api/lists/feeds", { json: { listId, feedId: feedIds.Kitchen } });
    for (const client of [bob, carol]) {
      expect(
        (
          await client.request("POST", "/api/subscriptions", {
            json: { listId, view: 0, category: "Reading" },
          })
        ).status,
      ).toBe(200);
    }
  });
  afterAll(async () => {
    await server?.close();
    await feeds?.stop();
  });

  it("ranks feeds by recent subscribers, reads and stars, never a privately followed one", async () => {
    const data = await trending(dave);
    const titles = data.feeds.map((f) => f.feed.title);
    expect(titles[0]).toBe("Kitchen");
    expect(titles).toContain("Garden");
    expect(titles).not.toContain("Plans");
    for (let i = 1; i < data.feeds.length; i++) {
      expect(data.feeds[i - 1]!.score).toBeGreaterThanOrEqual(data.feeds[i]!.score);
    }
    expect(Date.parse(data.computedAt)).not.toBeNaN();
  });

  it("ranks entries by reads and stars, lists by new followers, people by what they made", async () => {
    const data = await trending(dave);
    expect(data.entries[0]).toMatchObject({
      entry: { title: "Garden post 0" },
      feed: { title: "Garden" },
      reads: 1,
      stars: 1,
    });
    expect(data.entries.map((e) => e.feed.title)).not.toContain("Plans");
    expect(data.lists[0]).toMatchObject({
      list: { id: listId, title: "Food and gardens" },
      owner: { id: aliceId, name: "Alice" },
      subscriptionCount: 2,
      subscribed: false,
    });
    expect(data.users[0]).toMatchObject({ user: { id: aliceId, name: "Alice" }, listCount: 1 });
  });

  it("says per user what they follow already, and honours the limit", async () => {
    const forAlice = await trending(alice);
    expect(forAlice.feeds.find((f) => f.feed.title === "Garden")?.subscribed).toBe(true);
    expect((await trending(bob)).lists[0]?.subscribed).toBe(true);
    expect((await trending(dave)).feeds.every((f) => !f.subscribed)).toBe(true);
    const one = await trending(dave, "?limit=1");
    expect(one.feeds).toHaveLength(1);
    expect(one.entries.length).toBeLessThanOrEqual(1);
  });

  it("fills a category with publicly filed feeds and lists, most followed first", async () => {
    const page = await dave.request("GET", "/api/discover/category?category=reading");
    expect(page.status).toBe(200);
    expect(page.body.data.feeds.map((f: { feed: { title: string } }) => f.feed.title)).toEqual([
      "Kitchen",
    ]);
    expect(page.body.data.feeds[0].subscriptionCount).toBe(3);
    expect(page.body.data.lists.map((l: { list: { id: string } }) => l.list.id)).toEqual([listId]);
    expect(page.body.data.namespaces).toEqual({});
    // Programming: Garden is filed there publicly; Plans only privately, so it stays hidden.
    const programming = await dave.request("GET", "/api/discover/category?category=programming");
    expect(
      programming.body.data.feeds.map((f: { feed: { title: string } }) => f.feed.title),
    ).toEqual(["Garden"]);
    const popular = await dave.request("GET", "/api/discover/category?category=popular");
    const popularTitles = popular.body.data.feeds.map(
      (f: { feed: { title: string } }) => f.feed.title,
    );
    expect(popularTitles[0]).toBe("Kitchen");
    expect(popularTitles).not.toContain("Plans");
    const empty = await dave.request("GET", "/api/discover/category?category=travel");
    expect(empty.body.data).toEqual({ feeds: [], lists: [], namespaces: {} });
  });

  it("refuses unknown categories and bad queries with a coded 4xx, never a 500", async () => {
    const unknown = await dave.request("GET", "/api/discover/category?category=nope");
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe(1002);
    const anonymous = new TestClient(server.localUrl);
    expect((await anonymous.request("GET", "/api/discover/trending")).body.code).toBe(1000);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("trending", "category", "rsshub"),
        fc.dictionary(
          fc.constantFrom("limit", "category", "categories", "namespace", "lang", "x"),
          fc.oneof(fc.string({ maxLength: 600 }), fc.integer().map(String)),
        ),
        async (name, query) => {
          const response = await dave.request(
            "GET",
            `/api/discover/${name}?${new URLSearchParams(query)}`,
          );
          expect(response.status).toBeLessThan(500);
          if (response.status !== 200) expect(response.body.code).toEqual(expect.any(Number));
        },
      ),
      { numRuns: 40 },
    );
  });

  it("says the feed-route panel is off when no instance is configured", async () => {
    const response = await dave.request("GET", "/api/discover/rsshub");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ code: 0, instance: null, status: null, data: {} });
  });
});
