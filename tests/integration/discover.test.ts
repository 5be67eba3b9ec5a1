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

describe.each(DIALECTS)("discover on %s", (dialect) => {
  let server: TestServer;
  let feeds: FeedServer;
  let alice: TestClient;
  let bob: TestClient;
  let carol: TestClient;
  let kitchenUrl: string;
  let gardenUrl: string;

  const discover = (client: TestClient, json: Record<string, unknown>) =>
    client.request("POST", "/api/discover", { json });
  const titles = (response: { body: { data: Array<{ feed: { title: string } }> } }) =>
    response.body.data.map((item) => item.feed.title);

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    server = await startTestServer(dialect, {
      AUTH_RATE_LIMIT_MAX: "1000",
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      INGEST_POLL_SECONDS: "3600",
    });
    kitchenUrl = feeds.serve("/kitchen.xml", rssFeed("Kitchen Notes", items("bake", 5)));
    const cookingUrl = feeds.serve("/cooking.xml", rssFeed("Daily Cooking", items("cook", 2)));
    const plansUrl = feeds.serve("/plans.xml", rssFeed("Zanzibar Plans", items("plan", 2)));
    gardenUrl = feeds.serve("/garden.xml", rssFeed("Garden Diary", items("rose", 4)));
    alice = new TestClient(server.localUrl);
    bob = new TestClient(server.localUrl);
    carol = new TestClient(server.localUrl);
    for (const [client, name] of [
      [alice, "alice"],
      [bob, "bob"],
      [carol, "carol"],
    ] as const) {
      await client.signUp(uniqueEmail(`${name}-discover`));
    }
    const follow = async (client: TestClient, url: string, isPrivate = false) =>
      expect(
        (await client.request("POST", "/api/subscriptions", { json: { url, view: 0, isPrivate } }))
          .status,
      ).toBe(200);
    await follow(alice, kitchenUrl);
    await follow(bob, kitchenUrl);
    await follow(alice, cookingUrl);
    await follow(bob, plansUrl, true);
  });
  afterAll(async () => {
    await server?.close();
    await feeds?.stop();
  });

  it("finds publicly followed feeds by words, with counts and a preview", async () => {
    const response = await discover(carol, { keyword: "kitchen" });
    expect(response.status).toBe(200);
    expect(titles(response)).toEqual(["Kitchen Notes"]);
    const [item] = response.body.data;
    expect(item.subscriptionCount).toBe(2);
    expect(item.subscribed).toBe(false);
    expect(item.entries.map((e: { title: string }) => e.title)).toEqual([
      "bake post 0",
      "bake post 1",
      "bake post 2",
    ]);
    expect(item.updatesPerWeek).toBeGreaterThan(0);
    expect(item.analytics.latestEntryPublishedAt).toEqual(expect.any(String));
    const mine = await discover(alice, { keyword: "kitchen" });
    expect(mine.body.data[0].subscribed).toBe(true);
  });

  it("ranks title matches first, then by subscribers", async () => {
    // "feed" is in every channel description ("<title> feed"); only the titles differ.
    const response = await discover(carol, { keyword: "feed" });
    expect(titles(response)).toEqual(["Kitchen Notes", "Daily Cooking"]);
    const byTitle = await discover(carol, { keyword: "cooking" });
    expect(titles(byTitle)[0]).toBe("Daily Cooking");
  });

  it("never offers a feed followed only privately", async () => {
    expect(titles(await discover(carol, { keyword: "zanzibar" }))).toEqual([]);
    expect(titles(await discover(alice, { keyword: "plans" }))).toEqual([]);
  });

  it("discovers a URL through the guarded fetcher, then it can be followed", async () => {
    const response = await discover(carol, { keyword: gardenUrl });
    expect(response.status).toBe(200);
    expect(titles(response)).toEqual(["Garden Diary"]);
    expect(response.body.data[0].entries).toHaveLength(3);
    expect(response.body.data[0].subscribed).toBe(false);
    // Previewed, not followed: nobody finds it by words yet.
    expect(titles(await discover(alice, { keyword: "garden" }))).toEqual([]);
    const follow = await carol.request("POST", "/api/subscriptions", {
      json: { feedId: response.body.data[0].feed.id, view: 0 },
    });
    expect(follow.status).toBe(200);
    expect(titles(await discover(alice, { keyword: "garden" }))).toEqual(["Garden Diary"]);
    const missing = await discover(carol, { keyword: feeds.url("/nothing.xml") });
    expect(missing.body.code).toBe(2003);
  });

  it("answers lists with none, bad syntax with 1002, and never 500", async () => {
    expect((await discover(carol, { keyword: "kitchen", target: "lists" })).body.data).toEqual([]);
    const bad = await discover(carol, { keyword: '"open' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 1002, reason: expect.any(String) });
    for (const json of [{}, { keyword: "" }, { keyword: 5 }, { keyword: "x".repeat(501) }]) {
      expect((await discover(carol, json)).body.code).toBe(1002);
    }
    // Words only: nothing here looks like an address, so nothing leaves the machine.
    const words = fc
      .array(
        fc.oneof(
          fc.constantFrom('"', "-", "*", "%", "_", "!", "'", "title:", " ", "日本", "\\"),
          fc.string({ maxLength: 6 }).filter((s) => !/[.:/]/.test(s)),
        ),
        { minLength: 1, maxLength: 10 },
      )
      .map((parts) => parts.join(""));
    await fc.assert(
      fc.asyncProperty(words, async (keyword) => {
        const response = await discover(carol, { keyword });
        expect([200, 400], keyword).toContain(response.status);
        expect(typeof response.body.code).toBe("number");
      }),
      { numRuns: 100 },
    );
    const anonymous = new TestClient(server.localUrl);
    expect((await discover(anonymous, { keyword: "kitchen" })).status).toBe(401);
  });
});
