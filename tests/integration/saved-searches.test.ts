import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FeedServer } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";

/** Entries of one feed, a day apart, every other one about bread. */
function feedXml(count: number): string {
  const items = Array.from({ length: count }, (_, i) => {
    const date = new Date(Date.UTC(2026, 4, 1 + i, 10)).toUTCString();
    const topic = i % 2 === 0 ? "bread" : "soup";
    return `<item><guid>g${i}</guid><title>Post ${i} about ${topic}</title>
<link>https://example.com/${i}</link><pubDate>${date}</pubDate>
<description>Notes on ${topic}, number ${i}.</description></item>`;
  }).join("\n");
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>Kitchen</title>
<link>https://kitchen.example.com/</link><description>Food</description>${items}</channel></rss>`;
}

const ID_A = "1800000000000000001";
const ID_B = "1800000000000000002";

describe.each(DIALECTS)("saved searches on %s", (dialect) => {
  let server: TestServer;
  let feeds: FeedServer;
  let alice: TestClient;
  let bob: TestClient;

  const saved = (client: TestClient) => client.request("GET", "/api/search/saved");

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    server = await startTestServer(dialect, {
      AUTH_RATE_LIMIT_MAX: "1000",
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      INGEST_POLL_SECONDS: "3600",
    });
    const url = feeds.serve("/kitchen.xml", feedXml(25));
    alice = new TestClient(server.localUrl);
    bob = new TestClient(server.localUrl);
    await alice.signUp(uniqueEmail("alice-saved"));
    await bob.signUp(uniqueEmail("bob-saved"));
    const response = await alice.request("POST", "/api/subscriptions", { json: { url, view: 0 } });
    expect(response.status).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
    await feeds?.stop();
  });

  it("saves, lists, renames and deletes a search with its filters", async () => {
    const save = await alice.request("POST", "/api/search/saved", {
      json: { id: ID_A, name: "Bread", keyword: "bread", filters: { view: 0, unread: true } },
    });
    expect(save.status).toBe(200);
    expect(save.body.data).toMatchObject({ id: ID_A, name: "Bread", keyword: "bread" });
    // Saving the same id again replaces it (a retried save is harmless).
    await alice.request("POST", "/api/search/saved", {
      json: { id: ID_A, name: "Bread", keyword: "bread", filters: { view: 0 } },
    });
    expect((await saved(alice)).body.data).toEqual([
      expect.objectContaining({ id: ID_A, keyword: "bread", filters: { view: 0 } }),
    ]);
    const renamed = await alice.request("PATCH", "/api/search/saved", {
      json: { id: ID_A, name: "  Loaves " },
    });
    expect(renamed.body).toEqual({ code: 0 });
    expect((await saved(alice)).body.data[0].name).toBe("Loaves");
    await alice.request("POST", "/api/search/saved", {
      json: { id: ID_B, name: "Soup", keyword: "soup", filters: {} },
    });
    expect(
      (await alice.request("DELETE", "/api/search/saved", { json: { id: ID_B } })).body,
    ).toEqual({ code: 0 });
    expect((await saved(alice)).body.data.map((s: { id: string }) => s.id)).toEqual([ID_A]);
  });

  it("refuses a query the syntax cannot read, and renaming a search that is not there", async () => {
    const bad = await alice.request("POST", "/api/search/saved", {
      json: { id: ID_B, name: "Bad", keyword: '"open phrase', filters: {} },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(1002);
    const missing = await alice.request("PATCH", "/api/search/saved", {
      json: { id: "1800000000000000999", name: "x" },
    });
    expect(missing.body.code).toBe(1002);
  });

  it("keeps each person's searches to themselves", async () => {
    const before = (await saved(alice)).body.data;
    expect(before.length).toBeGreaterThan(0);
    expect((await saved(bob)).body.data).toEqual([]);
    const rename = await bob.request("PATCH", "/api/search/saved", {
      json: { id: ID_A, name: "Bob's" },
    });
    expect(rename.body.code).toBe(1002);
    await bob.request("DELETE", "/api/search/saved", { json: { id: ID_A } });
    // Bob saving under Alice's id makes his own search; hers stays as it was.
    const own = await bob.request("POST", "/api/search/saved", {
      json: { id: ID_A, name: "Mine", keyword: "soup", filters: {} },
    });
    expect(own.status).toBe(200);
    expect((await saved(alice)).body.data).toEqual(before);
    expect((await saved(bob)).body.data.map((s: { name: string }) => s.name)).toEqual(["Mine"]);
    // Running it searches Bob's subscriptions: Alice's feed is not among them.
    const run = await bob.request("POST", "/api/search", { json: { keyword: "soup" } });
    expect(run.body.data.entries).toEqual([]);
  });

  it("pages a search newest first down to its last match (a saved search's timeline)", async () => {
    const seen: string[] = [];
    let before: string | undefined;
    for (let page = 0; page < 10; page++) {
      const response = await alice.request("POST", "/api/search", {
        json: {
          keyword: "bread",
          type: "entries",
          order: "newest",
          limit: 5,
          ...(before ? { publishedBefore: before } : {}),
        },
      });
      expect(response.status).toBe(200);
      const hits = response.body.data.entries as Array<{
        entries: { title: string; publishedAt: string };
      }>;
      seen.push(...hits.map((hit) => hit.entries.title));
      if (hits.length < 5) break;
      before = hits.at(-1)!.entries.publishedAt;
    }
    const expected = Array.from({ length: 13 }, (_, k) => `Post ${24 - 2 * k} about bread`);
    expect(seen).toEqual(expected);
  });

  it("answers malformed bodies with a coded 4xx, never a 500", async () => {
    const body = fc.oneof(
      fc.jsonValue(),
      fc.record({
        id: fc.oneof(fc.string(), fc.integer(), fc.constant(ID_A)),
        name: fc.oneof(fc.string({ maxLength: 300 }), fc.constant(null)),
        keyword: fc.oneof(fc.string({ maxLength: 600 }), fc.constant('"'), fc.constant("-x")),
        filters: fc.oneof(
          fc.anything(),
          fc.record({ view: fc.integer(), feedIdList: fc.anything(), unread: fc.anything() }),
        ),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom("POST", "PATCH", "DELETE"), body, async (method, json) => {
        const response = await bob.request(method, "/api/search/saved", { json });
        expect(response.status).toBeLessThan(500);
        if (response.status >= 400) expect(typeof response.body.code).toBe("number");
      }),
      { numRuns: 60 },
    );
  });
});
