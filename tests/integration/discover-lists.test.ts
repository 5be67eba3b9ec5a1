import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeRsshub } from "../support/fake-rsshub.ts";
import { type FeedServer, rssFeed } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";

type Item = {
  list?: { id: string; title: string; type: string; feedIds: string[]; ownerUserId: string };
  route?: { name: string; path: string };
  namespace?: string;
  exampleUrl?: string;
  entries?: Array<{ title: string }>;
  subscriptionCount?: number;
  subscribed?: boolean;
  owner?: { name: string } | null;
};

describe.each(DIALECTS)("discover lists and feed routes on %s", (dialect) => {
  let server: TestServer;
  let rsshub: FeedServer;
  let alice: TestClient;
  let bob: TestClient;
  let carol: TestClient;
  const lists: Record<string, string> = {};

  const discover = (client: TestClient, json: Record<string, unknown>) =>
    client.request("POST", "/api/discover", { json });
  const found = async (client: TestClient, keyword: string) => {
    const response = await discover(client, { keyword, target: "lists" });
    expect(response.status).toBe(200);
    return response.body.data as Item[];
  };
  const titles = (items: Item[]) => items.flatMap((i) => (i.list ? [i.list.title] : []));

  beforeAll(async () => {
    rsshub = await startFakeRsshub();
    server = await startTestServer(dialect, {
      AUTH_RATE_LIMIT_MAX: "1000",
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      INGEST_POLL_SECONDS: "3600",
      FEED_ROUTE_BASE_URL: rsshub.baseUrl,
    });
    const now = Date.now();
    const kitchen = rsshub.serve(
      "/kitchen.xml",
      rssFeed("Kitchen Notes", [
        { guid: "k1", title: "Sourdough at dawn", date: new Date(now - 3_600_000) },
        { guid: "k2", title: "Rye crumb", date: new Date(now - 86_400_000) },
      ]),
    );
    const orchard = rsshub.serve(
      "/orchard.xml",
      rssFeed("Hidden Orchard", [{ guid: "o1", title: "Pruning", date: new Date(now) }]),
    );
    const secret = `${rsshub.serve(
      "/sauce.xml",
      rssFeed("Sauce Feed", [{ guid: "s1", title: "Private sauce recipe", date: new Date(now) }]),
    )}?token=s3cr3t-t0ken-value`;
    alice = new TestClient(server.localUrl);
    bob = new TestClient(server.localUrl);
    carol = new TestClient(server.localUrl);
    await alice.signUp(uniqueEmail("alice-dlists"));
    await bob.signUp(uniqueEmail("bob-dlists"));
    await carol.signUp(uniqueEmail("carol-dlists"));
    const feedId = async (client: TestClient, url: string, isPrivate = false) => {
      const answer = await client.request("POST", "/api/subscriptions", {
        json: { url, view: 0, isPrivate },
      });
      expect(answer.status).toBe(200);
      return answer.body.feed.id as string;
    };
    const kitchenId = await feedId(alice, kitchen);
    await feedId(alice, orchard, true);
    const secretId = await feedId(alice, secret);
    const make = async (title: string, description: string, feedIds: string[]) => {
      const created = await alice.request("POST", "/api/lists", {
        json: { title, description, view: 0 },
      });
      expect(created.status).toBe(200);
      lists[title] = created.body.data.id;
      for (const id of feedIds)
        await alice.request("POST", "/api/lists/feeds", {
          json: { listId: created.body.data.id, feedId: id },
        });
    };
    await make("Bread Basics", "starting out", []);
    await make("Bread Oven", "hot loaves", [kitchenId]);
    await make("Bread Lovers", "all about loaves", [kitchenId]);
    await make("Weekend", "cakes and bread for slow days", []);
    await make("Secret sauce", "sauces", [secretId]);
    const follow = (client: TestClient, title: string, isPrivate = false) =>
      client.request("POST", "/api/subscriptions", {
        json: { listId: lists[title], view: 0, isPrivate },
      });
    expect((await follow(bob, "Bread Lovers")).status).toBe(200);
    expect((await follow(carol, "Bread Lovers", true)).status).toBe(200);
    expect((await follow(bob, "Weekend")).status).toBe(200);
    expect((await follow(carol, "Weekend")).status).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
    await rsshub?.stop();
  });

  it("ranks lists by match (title first), then followers, then activity", async () => {
    const items = await found(carol, "bread");
    // Weekend has the most followers but only its description matches; among the title hits
    // with no followers, the one whose feeds publish comes first.
    expect(titles(items)).toEqual(["Bread Lovers", "Bread Oven", "Bread Basics", "Weekend"]);
    const lovers = items[0]!;
    expect(lovers.list).toMatchObject({
      type: "list",
      id: lists["Bread Lovers"],
      feedIds: [expect.any(String)],
    });
    expect(lovers.subscriptionCount).toBe(2);
    expect(lovers.subscribed).toBe(true);
    expect(lovers.owner).toMatchObject({ name: expect.any(String) });
    expect(lovers.entries?.map((e) => e.title)).toEqual(["Sourdough at dawn", "Rye crumb"]);
    expect(lovers).toMatchObject({
      updatesPerWeek: 2,
      analytics: { subscriptionCount: 2, latestEntryPublishedAt: expect.any(String) },
    });
    // Both descriptions match: the more followed first.
    expect(titles(await found(bob, "loaves"))).toEqual(["Bread Lovers", "Bread Oven"]);
    expect(titles(await found(bob, 'bread -"all about"'))).toEqual([
      "Bread Oven",
      "Bread Basics",
      "Weekend",
    ]);
  });

  it("never finds what is private, nor shows one user's following to another", async () => {
    // Alice follows "Hidden Orchard" privately: lists are searched by their own words only.
    expect(await found(bob, "orchard")).toEqual([]);
    // Carol follows Bread Lovers privately: counted, but only she sees it as followed.
    const [asBob] = await found(bob, "lovers");
    const [asAlice] = await found(alice, "lovers");
    expect(asBob?.subscribed).toBe(true);
    expect(asAlice?.subscribed).toBe(false);
    expect((await found(carol, "lovers"))[0]?.subscribed).toBe(true);
    // A feed whose URL carries a credential lends no entries to a stranger's preview.
    const [sauce] = await found(bob, "sauce");
    expect(sauce?.list?.title).toBe("Secret sauce");
    expect(sauce?.entries).toEqual([]);
    expect(JSON.stringify(sauce)).not.toContain("s3cr3t");
  });

  it("answers the routes a keyword or an rsshub:// address names", async () => {
    const byWords = await found(bob, "repo issues");
    expect(byWords).toEqual([
      expect.objectContaining({
        namespace: "github",
        route: expect.objectContaining({ name: "Repo Issues" }),
        exampleUrl: "rsshub://github/issue/DIYgod/RSSHub/open",
      }),
    ]);
    // For feeds the route comes after the feeds found.
    const feeds = await discover(bob, { keyword: "github" });
    expect(feeds.status).toBe(200);
    expect(feeds.body.data.map((i: Item) => i.route?.path)).toEqual([
      "/issue/:user/:repo/:state?/:labels?",
    ]);
    const address = await found(bob, "rsshub://github/issue/follow/app");
    expect(address.map((i) => i.route?.name)).toEqual(["Repo Issues"]);
    // An address that fits a route but gives no feed still opens the builder.
    const noFeed = await discover(bob, { keyword: "rsshub://github/issue/nobody/nothing" });
    expect(noFeed.status).toBe(200);
    expect(noFeed.body.data.map((i: Item) => i.route?.name)).toEqual(["Repo Issues"]);
    // One that fits no route and gives no feed is still refused with a code.
    const nothing = await discover(bob, { keyword: "rsshub://nowhere/at/all" });
    expect(nothing.status).toBeGreaterThanOrEqual(400);
    expect(nothing.status).toBeLessThan(500);
    expect(typeof nothing.body.code).toBe("number");
  });

  it("refuses bad list searches with a code, never a 500", async () => {
    const bad = await discover(carol, { keyword: '"open', target: "lists" });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(1002);
    const words = fc
      .array(
        fc.oneof(
          fc.constantFrom(
            '"',
            "-",
            "*",
            "%",
            "_",
            "!",
            "'",
            "title:",
            " ",
            "面包",
            "\\",
            "rsshub://",
          ),
          fc.string({ maxLength: 6 }).filter((s) => !/[.:/]/.test(s)),
        ),
        { minLength: 1, maxLength: 10 },
      )
      .map((parts) => parts.join(""));
    await fc.assert(
      fc.asyncProperty(words, async (keyword) => {
        const response = await discover(carol, { keyword, target: "lists" });
        expect([200, 400], keyword).toContain(response.status);
        expect(typeof response.body.code).toBe("number");
      }),
      { numRuns: 60 },
    );
  });
});
