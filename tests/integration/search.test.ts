import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase, type DatabaseHandle } from "../../server/db/connect.ts";
import { FeedServer } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";

interface Item {
  guid: string;
  title: string;
  html: string;
  author?: string;
  date: string;
}

function feedXml(title: string, description: string, items: readonly Item[]): string {
  const rendered = items
    .map(
      (item) => `<item><guid>${item.guid}</guid><title>${item.title}</title>
<link>https://example.com/${item.guid}</link><pubDate>${new Date(item.date).toUTCString()}</pubDate>
${item.author ? `<dc:creator>${item.author}</dc:creator>` : ""}
<description><![CDATA[${item.html}]]></description></item>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>${title}</title>
<link>https://${title.toLowerCase().replace(/\W+/g, "")}.example.com/</link>
<description>${description}</description>${rendered}</channel></rss>`;
}

const COOKING: Item[] = [
  {
    guid: "bread",
    title: "Sourdough bread at home",
    html: "<p>A <b>sourdough</b> starter needs flour and water. Bake the bread hot.</p>",
    author: "Ada Baker",
    date: "2026-05-01T10:00:00Z",
  },
  {
    guid: "soup",
    title: "Winter soup",
    html: "<p>Onion soup with bread on top; the bread soaks the broth.</p><script>bread()</script>",
    author: "Grace Cook",
    date: "2026-05-03T10:00:00Z",
  },
  {
    guid: "tea",
    title: "お茶の入れ方",
    html: "<p>日本語のテキストです。緑茶はおいしい。</p>",
    author: "Hanako",
    date: "2026-05-05T10:00:00Z",
  },
  {
    guid: "chinese",
    title: "中文标题",
    html: "<p>这是一个关于全文搜索的测试。</p>",
    date: "2026-05-06T10:00:00Z",
  },
  {
    guid: "cafe",
    title: "Café culture",
    html: "<p>The flat white is a coffee drink. Full text search finds it.</p>",
    author: "Ada Baker",
    date: "2026-05-07T10:00:00Z",
  },
];

const GARDEN: Item[] = [
  {
    guid: "roses",
    title: "Pruning roses",
    html: "<p>Cut above an outward bud. Bread is not fertiliser.</p>",
    author: "Grace Cook",
    date: "2026-04-01T10:00:00Z",
  },
];

const SECRET: Item[] = [
  {
    guid: "secret",
    title: "Zanzibar plans",
    html: "<p>Only the owner may find the word zanzibar.</p>",
    date: "2026-05-02T10:00:00Z",
  },
];

describe.each(DIALECTS)("full-text search on %s", (dialect) => {
  let server: TestServer;
  let feeds: FeedServer;
  let alice: TestClient;
  let bob: TestClient;
  let database: DatabaseHandle;
  let cookingId: string;
  let gardenId: string;
  let cookingItems = COOKING;

  const search = (client: TestClient, body: Record<string, unknown>) =>
    client.request("POST", "/api/search", { json: body });
  const titles = (response: {
    body: { data: { entries: Array<{ entries: { title: string } }> } };
  }) => response.body.data.entries.map((hit) => hit.entries.title);

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    server = await startTestServer(dialect, {
      AUTH_RATE_LIMIT_MAX: "1000",
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      INGEST_POLL_SECONDS: "3600",
    });
    database = connectDatabase({
      databaseUrl: server.postgres?.url,
      databasePath: `${server.dataDir}/follow.sqlite`,
      databasePoolMax: 1,
    });
    const cookingUrl = feeds.serve("/cooking.xml", () =>
      feedXml("Kitchen Notes", "Recipes and baking", cookingItems),
    );
    const gardenUrl = feeds.serve("/garden.xml", feedXml("Garden Diary", "Roses and soil", GARDEN));
    const secretUrl = feeds.serve("/secret.xml", feedXml("Private Plans", "Hidden", SECRET));
    alice = new TestClient(server.localUrl);
    bob = new TestClient(server.localUrl);
    await alice.signUp(uniqueEmail("alice-search"));
    await bob.signUp(uniqueEmail("bob-search"));
    const subscribe = async (client: TestClient, json: Record<string, unknown>) => {
      const response = await client.request("POST", "/api/subscriptions", { json });
      expect(response.status).toBe(200);
      return response.body.feed.id as string;
    };
    cookingId = await subscribe(alice, { url: cookingUrl, view: 0, category: "Food" });
    gardenId = await subscribe(alice, { url: gardenUrl, view: 1 });
    await subscribe(alice, { url: secretUrl, view: 0, isPrivate: true });
    await subscribe(bob, { url: gardenUrl, view: 0 });
  });
  afterAll(async () => {
    await database?.close();
    await server?.close();
    await feeds?.stop();
  });

  it("ranks title matches first and marks the hits in title and snippet", async () => {
    const response = await search(alice, { keyword: "bread" });
    expect(response.status).toBe(200);
    expect(response.body.data.mode).toBe("server");
    const found = titles(response);
    expect(found[0]).toBe("Sourdough bread at home");
    expect(new Set(found)).toEqual(
      new Set(["Sourdough bread at home", "Winter soup", "Pruning roses"]),
    );
    const first = response.body.data.entries[0];
    const marked = (h: { text: string; ranges: [number, number][] }) =>
      h.ranges.map(([s, e]) => h.text.slice(s, e).toLowerCase());
    expect(marked(first.title)).toEqual(["bread"]);
    expect(marked(first.snippet)).toContain("bread");
    // Script bodies are not content: the snippet is the text readers see.
    const soup = response.body.data.entries.find(
      (hit: { entries: { title: string } }) => hit.entries.title === "Winter soup",
    );
    expect(soup.snippet.text).not.toContain("bread()");
    expect(first.feeds.title).toBe("Kitchen Notes");
    expect(first.read).toBe(false);
  });

  it("reads every form of the query syntax", async () => {
    const cases: Array<[string, string[]]> = [
      ['"bread on top"', ["Winter soup"]],
      ['"top on bread"', []],
      ["bread -soup", ["Sourdough bread at home", "Pruning roses"]],
      ['bread -"onion soup"', ["Sourdough bread at home", "Pruning roses"]],
      ["title:bread", ["Sourdough bread at home"]],
      ['title:"winter soup"', ["Winter soup"]],
      ["author:grace", ["Winter soup", "Pruning roses"]],
      ["author:grace -title:roses", ["Winter soup"]],
      ["title:sourd* author:ada", ["Sourdough bread at home"]],
      ["title:bread title:home", ["Sourdough bread at home"]],
      ["title:soup author:ada", []],
      ["sourd*", ["Sourdough bread at home"]],
      ["BREAD starter", ["Sourdough bread at home"]],
      ["cafe", ["Café culture"]],
      ["full-text", ["Café culture"]],
    ];
    for (const [keyword, expected] of cases) {
      const response = await search(alice, { keyword, type: "entries" });
      expect(response.status, keyword).toBe(200);
      expect(new Set(titles(response)), keyword).toEqual(new Set(expected));
    }
  });

  it("finds Chinese and Japanese words inside sentences", async () => {
    for (const [keyword, title] of [
      ["搜索", "中文标题"],
      ["全文搜索", "中文标题"],
      ["緑茶", "お茶の入れ方"],
      ["日本語", "お茶の入れ方"],
      ["title:お茶", "お茶の入れ方"],
    ]) {
      const response = await search(alice, { keyword, type: "entries" });
      expect(titles(response), keyword).toEqual([title]);
    }
    const none = await search(alice, { keyword: "搜全", type: "entries" });
    expect(titles(none)).toEqual([]);
    const marked = (await search(alice, { keyword: "緑茶" })).body.data.entries[0].snippet;
    const [[start, end]] = marked.ranges;
    expect(marked.text.slice(start, end)).toBe("緑茶");
  });

  it("filters by view, feed, folder, unread, starred and date", async () => {
    const bread = (extra: Record<string, unknown>) =>
      search(alice, { keyword: "bread", type: "entries", ...extra }).then(titles);
    expect(await bread({ view: 1 })).toEqual(["Pruning roses"]);
    expect(new Set(await bread({ feedId: cookingId }))).toEqual(
      new Set(["Sourdough bread at home", "Winter soup"]),
    );
    expect(await bread({ feedIdList: [gardenId] })).toEqual(["Pruning roses"]);
    expect(new Set(await bread({ category: "Food" }))).toEqual(
      new Set(["Sourdough bread at home", "Winter soup"]),
    );
    expect(
      await bread({
        publishedSince: "2026-05-02T00:00:00Z",
        publishedBefore: Date.parse("2026-05-04T00:00:00Z"),
      }),
    ).toEqual(["Winter soup"]);

    const soup = (await search(alice, { keyword: "soup", type: "entries" })).body.data.entries[0];
    expect(
      (await alice.request("POST", "/api/reads", { json: { entryIds: [soup.entries.id] } })).status,
    ).toBe(200);
    expect(new Set(await bread({ unread: true }))).toEqual(
      new Set(["Sourdough bread at home", "Pruning roses"]),
    );
    expect(await bread({ unread: false })).toEqual(["Winter soup"]);
    expect(
      (await alice.request("POST", "/api/collections", { json: { entryId: soup.entries.id } }))
        .status,
    ).toBe(200);
    expect(await bread({ starred: true })).toEqual(["Winter soup"]);
  });

  it("finds the user's feeds by title, description and site", async () => {
    const byTitle = await search(alice, { keyword: "kitchen" });
    expect(byTitle.body.data.feeds.map((f: { feed: { id: string } }) => f.feed.id)).toEqual([
      cookingId,
    ]);
    expect(byTitle.body.data.feeds[0].title.ranges).toEqual([[0, 7]]);
    const byDescription = await search(alice, { keyword: "roses", type: "feeds" });
    expect(byDescription.body.data.feeds.map((f: { feed: { id: string } }) => f.feed.id)).toEqual([
      gardenId,
    ]);
    expect(byDescription.body.data.entries).toEqual([]);
  });

  it("pages with limit and offset", async () => {
    const first = await search(alice, { keyword: "bread", type: "entries", limit: 2 });
    expect(first.body.data.entries).toHaveLength(2);
    expect(first.body.data.hasMore).toBe(true);
    const rest = await search(alice, { keyword: "bread", type: "entries", limit: 2, offset: 2 });
    expect(rest.body.data.hasMore).toBe(false);
    expect(new Set([...titles(first), ...titles(rest)]).size).toBe(3);
  });

  it("keeps the index current as entries are inserted, edited and deleted", async () => {
    cookingItems = [
      ...COOKING.map((item) =>
        item.guid === "bread"
          ? { ...item, title: "Rye loaf at home", html: "<p>Caraway seeds in a rye loaf.</p>" }
          : item,
      ),
      {
        guid: "pizza",
        title: "Neapolitan pizza",
        html: "<p>A blistered crust from a very hot oven.</p>",
        date: "2026-05-08T10:00:00Z",
      },
    ];
    await database.db
      .updateTable("feed")
      .set({ next_check_at: "2000-01-01T00:00:00.000Z" })
      .where("id", "=", cookingId)
      .execute();
    await server.runIngestion();
    expect(titles(await search(alice, { keyword: "blistered" }))).toEqual(["Neapolitan pizza"]);
    expect(titles(await search(alice, { keyword: "caraway" }))).toEqual(["Rye loaf at home"]);
    expect(titles(await search(alice, { keyword: "sourdough" }))).toEqual([]);

    await database.db.deleteFrom("entry").where("guid", "=", "pizza").execute();
    expect(titles(await search(alice, { keyword: "blistered" }))).toEqual([]);
    // The index holds no row for the deleted entry (FTS5 triggers / cascade).
    const left = await database.db
      .selectFrom("entry_search")
      .select("entry_id")
      .where("body", "like", "%blistered%")
      .execute();
    expect(left).toEqual([]);
  });

  it("never shows one user another's subscriptions, private or not", async () => {
    expect(titles(await search(alice, { keyword: "zanzibar" }))).toEqual(["Zanzibar plans"]);
    expect(titles(await search(bob, { keyword: "zanzibar" }))).toEqual([]);
    expect(titles(await search(bob, { keyword: "bread" }))).toEqual(["Pruning roses"]);
    for (const keyword of ["kitchen", "private plans"]) {
      expect((await search(bob, { keyword })).body.data.feeds, keyword).toEqual([]);
    }
    // Filters naming another user's feed find nothing either.
    expect(titles(await search(bob, { keyword: "bread", feedId: cookingId }))).toEqual([]);
    const anonymous = new TestClient(server.localUrl);
    expect((await search(anonymous, { keyword: "bread" })).status).toBe(401);
  });

  it("answers bad syntax with 1002 and a reason", async () => {
    for (const keyword of [
      '"open',
      "-bread",
      "title:",
      'ab"cd"',
      "",
      "   ",
      '""',
      "!!!",
      "x".repeat(300),
    ]) {
      const response = await search(alice, { keyword });
      expect(response.status, keyword).toBe(400);
      expect(response.body.code, keyword).toBe(1002);
      expect(typeof response.body.reason, keyword).toBe("string");
    }
    for (const keyword of ["tag:", "bread tag:", 'bread -tag:""']) {
      const response = await search(alice, { keyword });
      expect(response.body, keyword).toMatchObject({
        code: 1002,
        reason: expect.stringContaining("needs a tag's name"),
      });
    }
    const badDate = await search(alice, { keyword: "bread", publishedSince: "yesterday" });
    expect(badDate.body).toMatchObject({
      code: 1002,
      reason: expect.stringContaining("publishedSince"),
    });
  });

  it("never answers 500 to arbitrary keywords", async () => {
    const operators = fc.constantFrom(
      '"',
      "-",
      "*",
      ":",
      "(",
      ")",
      "'",
      "\\",
      "!",
      "&",
      "|",
      "<->",
      "NOT",
      "AND",
      "OR",
      "NEAR",
      "title:",
      "author:",
      "^",
      "{",
      "}",
      " ",
    );
    const keyword = fc
      .array(
        fc.oneof(operators, fc.string({ maxLength: 6 }), fc.constantFrom("bread", "日本", "é")),
        { maxLength: 12 },
      )
      .map((parts) => parts.join(""));
    await fc.assert(
      fc.asyncProperty(keyword, async (text) => {
        const response = await search(alice, { keyword: text.slice(0, 256) });
        expect([200, 400], text).toContain(response.status);
        if (response.status === 400) expect(response.body.code).toBe(1002);
      }),
      { numRuns: 150 },
    );
  });
});
