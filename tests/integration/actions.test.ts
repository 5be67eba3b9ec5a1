import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyFromMailDirectory } from "../support/accounts.ts";
import { FeedServer, rssFeed } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";

type Item = { guid: string; title: string; html?: string; date?: Date };
const day = (n: number) => new Date(Date.UTC(2026, 0, n));

/** Rules a user writes, run on each new entry of their feeds at ingest (API-NOTES Actions). */
describe.each(DIALECTS)("actions (rules) on %s", (dialect) => {
  let server: TestServer;
  let feeds: FeedServer;
  let alice: TestClient;
  let bob: TestClient;
  const aliceEmail = uniqueEmail("actions-admin");
  let items: Item[] = [{ guid: "old", title: "Old news", date: day(1) }];
  let otherItems: Item[] = [];
  let feedId: string;
  let otherFeedId: string;

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    server = await startTestServer(dialect, {
      AUTH_RATE_LIMIT_MAX: "1000",
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      INGEST_POLL_SECONDS: "3600",
      ADMIN_EMAILS: aliceEmail,
    });
    alice = new TestClient(server.localUrl);
    bob = new TestClient(server.localUrl);
    await alice.signUp(aliceEmail);
    // ADMIN_EMAILS makes an admin once the address is verified.
    await verifyFromMailDirectory(server, alice, aliceEmail);
    await bob.signUp(uniqueEmail("actions-bob"));
    const url = feeds.serve("/rules.xml", () => rssFeed("Rules feed", items));
    const other = feeds.serve("/other.xml", () => rssFeed("Other feed", otherItems));
    feedId = (await alice.request("POST", "/api/subscriptions", { json: { url, view: 0 } })).body
      .feed.id;
    otherFeedId = (
      await alice.request("POST", "/api/subscriptions", {
        json: { url: other, view: 0, category: "Elsewhere" },
      })
    ).body.feed.id;
    await bob.request("POST", "/api/subscriptions", { json: { url, view: 0 } });
  });
  afterAll(async () => {
    await server?.close();
    await feeds?.stop();
  });

  const list = async (client: TestClient, json: object) =>
    (await client.request("POST", "/api/entries", { json })).body.data as {
      entries: { id: string; title: string };
      read: boolean;
      settings?: Record<string, unknown>;
    }[];
  const byTitle = async (client: TestClient, title: string, json: object = { feedId }) =>
    (await list(client, json)).find((item) => item.entries.title === title);

  it("saves, answers and validates rules", async () => {
    const rules = [
      {
        name: "Keyword",
        condition: [{ field: "entry_title", operator: "contains", value: "keyword" }],
        result: { star: true, silence: true, summary: true },
      },
      {
        name: "No spam",
        condition: [
          [{ field: "entry_title", operator: "regex", value: "^spam\\b" }],
          [{ field: "entry_content", operator: "contains", value: "casino" }],
        ],
        result: { block: true },
      },
      {
        name: "Rewrite",
        condition: [{ field: "entry_title", operator: "contains", value: "rewrite" }],
        result: { rewriteRules: [{ from: "colour", to: "color" }], translation: true },
      },
      {
        name: "Same story elsewhere",
        condition: [{ field: "category", operator: "eq", value: "elsewhere" }],
        result: { dedupe: true },
      },
    ];
    expect((await alice.request("PUT", "/api/actions", { json: { rules } })).body).toEqual({
      code: 0,
    });
    expect((await alice.request("GET", "/api/actions")).body).toEqual({ code: 0, data: { rules } });
    // Bob's rules are his own.
    expect((await bob.request("GET", "/api/actions")).body.data).toEqual({ rules: [] });

    const bad = await alice.request("PUT", "/api/actions", {
      json: {
        rules: [
          {
            name: "Slow",
            condition: [{ field: "entry_title", operator: "regex", value: "(a)\\1" }],
            result: {},
          },
        ],
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(1002);
    expect(bad.body.reason).toContain("back-references");
    const broken = await alice.request("PUT", "/api/actions", {
      json: {
        rules: [
          { name: "B", condition: [{ field: "title", operator: "regex", value: "(" }], result: {} },
        ],
      },
    });
    expect(broken.body.code).toBe(1002);
    const many = Array.from({ length: 51 }, (_, i) => ({
      name: `r${i}`,
      condition: [],
      result: {},
    }));
    const tooMany = await alice.request("PUT", "/api/actions", { json: { rules: many } });
    expect(tooMany.body.code).toBe(12000);
    expect((await alice.request("GET", "/api/actions")).body.data.rules).toHaveLength(4);
  });

  it("applies them to new entries at ingest, for their owner only", async () => {
    items = [
      { guid: "k", title: "A keyword story", date: day(5) },
      { guid: "s", title: "spam offer", date: day(4) },
      { guid: "c", title: "Plain title", html: "<p>Visit our casino</p>", date: day(3) },
      {
        guid: "r",
        title: "A rewrite story",
        html: "<p>The colour of the sky</p>",
        date: day(2),
      },
      ...items,
    ];
    const refreshed = await alice.request("GET", `/api/feeds/refresh?id=${feedId}`);
    expect(refreshed.status).toBe(200);

    const keyword = await byTitle(alice, "A keyword story");
    expect(keyword?.read).toBe(true); // silenced
    expect(keyword?.settings).toMatchObject({ star: true, silence: true, summary: true });
    const stars = await list(alice, { isCollection: true });
    expect(stars.map((s) => s.entries.title)).toEqual(["A keyword story"]);
    // Blocked: out of every timeline of Alice's, by title regex or by content.
    const titles = (await list(alice, { feedId })).map((item) => item.entries.title);
    expect(titles).not.toContain("spam offer");
    expect(titles).not.toContain("Plain title");
    expect(titles).toContain("Old news");
    // Rewrites apply to the content Alice reads.
    const rewritten = await byTitle(alice, "A rewrite story");
    expect(rewritten?.settings).toMatchObject({ translation: true });
    const full = await alice.request("GET", `/api/entries?id=${rewritten!.entries.id}`);
    expect(full.body.data.entries.content).toContain("The color of the sky");

    // Bob has no rules: he sees everything, unread, unstarred, unchanged.
    const bobs = await list(bob, { feedId });
    expect(bobs.map((item) => item.entries.title)).toEqual(
      expect.arrayContaining(["A keyword story", "spam offer", "Plain title"]),
    );
    expect(bobs.every((item) => item.settings === undefined)).toBe(true);
    expect(bobs.find((item) => item.entries.title === "A keyword story")?.read).toBe(false);
    const bobFull = await bob.request("GET", `/api/entries?id=${rewritten!.entries.id}`);
    expect(bobFull.body.data.entries.content).toContain("colour");
    expect((await list(bob, { isCollection: true })).length).toBe(0);
  });

  it("drops a repeat of a story already read from another feed (cross-feed de-duplication)", async () => {
    otherItems = [
      { guid: "dup", title: "A keyword story", date: day(6) },
      { guid: "new", title: "Only here", date: day(6) },
    ];
    await alice.request("GET", `/api/feeds/refresh?id=${otherFeedId}`);
    const titles = (await list(alice, { feedId: otherFeedId })).map((i) => i.entries.title);
    expect(titles).toEqual(["Only here"]);
  });

  it("applies rules to existing entries on demand", async () => {
    await alice.request("PUT", "/api/actions", {
      json: {
        rules: [
          {
            name: "Old",
            condition: [{ field: "entry_title", operator: "eq", value: "old news" }],
            result: { star: true },
          },
        ],
      },
    });
    const applied = await alice.request("POST", "/api/actions/apply", { json: { days: 7 } });
    expect(applied.body.code).toBe(0);
    expect(applied.body.data.matched).toBeGreaterThanOrEqual(1);
    const stars = (await list(alice, { isCollection: true })).map((s) => s.entries.title);
    expect(stars).toContain("Old news");
    const invalid = await alice.request("POST", "/api/actions/apply", { json: { days: 90 } });
    expect(invalid.body.code).toBe(1002);
  });
});
