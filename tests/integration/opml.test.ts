import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMPORT_BATCH_LIMIT } from "../../contract/api/opml.ts";
import { MAX_IMPORT_ITEMS, MAX_IMPORTS_PER_USER } from "../../server/jobs/opml-import.ts";
import { FeedServer, rssFeed } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";

const FEEDS = 12;

/** Subscriptions as a person sees them, comparable across accounts. */
async function subscriptionsOf(client: TestClient) {
  const answer = await client.request("GET", "/api/subscriptions");
  expect(answer.status).toBe(200);
  return (
    answer.body.data as Array<{
      view: number;
      category: string | null;
      title: string | null;
      feeds: { url: string };
    }>
  )
    .map((s) => ({ url: s.feeds.url, view: s.view, category: s.category, title: s.title }))
    .sort((a, b) => a.url.localeCompare(b.url));
}

/** Polls an import until it has finished (the server runs it in the background). */
async function finished(client: TestClient, id: string) {
  for (let i = 0; i < 600; i++) {
    const answer = await client.request("GET", `/api/subscriptions/import?id=${id}`);
    expect(answer.status).toBe(200);
    if (answer.body.data.finished) return answer.body.data;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("import did not finish");
}

describe.each(DIALECTS)("OPML import and export on %s", (dialect) => {
  let server: TestServer;
  let feeds: FeedServer;
  let alice: TestClient;
  let bob: TestClient;
  let opml: string;
  let missing: string;

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    server = await startTestServer(dialect, {
      AUTH_RATE_LIMIT_MAX: "1000",
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      INGEST_POLL_SECONDS: "3600",
    });
    const outlines = Array.from({ length: FEEDS }, (_, i) => {
      const url = feeds.serve(
        `/f${i}.xml`,
        rssFeed(`Feed ${i}`, [
          { guid: `g${i}`, title: `Entry ${i}`, date: new Date(Date.UTC(2026, 0, 1 + i)) },
        ]),
      );
      return `<outline type="rss" text="Feed ${i}" title="${i % 3 === 0 ? `Renamed ${i}` : `Feed ${i}`}" xmlUrl="${url}"/>`;
    });
    missing = feeds.url("/missing.xml");
    opml = `<?xml version="1.0" encoding="UTF-8"?>
<opml version="2.0"><head><title>Mine</title></head><body>
<outline text="Tech">
${outlines.slice(0, 6).join("\n")}
</outline>
${outlines.slice(6).join("\n")}
<outline type="rss" text="Again" xmlUrl="${feeds.url("/f0.xml")}"/>
<outline type="rss" text="Broken" tit
<outline type="rss" text="Gone" xmlUrl="${missing}"/>
</body></opml>`;
    alice = new TestClient(server.localUrl);
    bob = new TestClient(server.localUrl);
    await alice.signUp(uniqueEmail("alice"));
    await bob.signUp(uniqueEmail("bob"));
  });
  afterAll(async () => {
    await server?.close();
    await feeds?.stop();
  });

  it("previews the feeds with categories, problems per line and no quota", async () => {
    const answer = await alice.request("POST", "/api/subscriptions/parse-opml", { json: { opml } });
    expect(answer.status).toBe(200);
    const { title, subscriptions, problems, remaining } = answer.body.data;
    expect(title).toBe("Mine");
    expect(subscriptions).toHaveLength(FEEDS + 1);
    expect(subscriptions.filter((s: { category: string }) => s.category === "Tech")).toHaveLength(
      6,
    );
    expect(subscriptions.every((s: { subscribed: boolean }) => !s.subscribed)).toBe(true);
    expect(problems.map((p: { kind: string }) => p.kind).sort()).toEqual([
      "broken-outline",
      "duplicate",
    ]);
    expect(problems.every((p: { line: number; code: number }) => p.line > 1 && p.code > 0)).toBe(
      true,
    );
    expect(remaining).toBeNull();
  });

  it("imports in the background: done, failed with its code, then skipped on a second run", async () => {
    const preview = await alice.request("POST", "/api/subscriptions/parse-opml", {
      json: { opml },
    });
    const items = preview.body.data.subscriptions.map(
      (s: { url: string; title: string; category: string | null }) => ({
        url: s.url,
        title: s.title,
        category: s.category,
      }),
    );
    const started = await alice.request("POST", "/api/subscriptions/import", {
      json: { items, view: 2 },
    });
    expect(started.status).toBe(200);
    expect(started.body.data.total).toBe(FEEDS + 1);
    const result = await finished(alice, started.body.data.id);
    expect(result.done).toBe(FEEDS);
    expect(result.failed).toBe(1);
    const gone = result.items.find((i: { url: string }) => i.url === missing);
    expect(gone.status).toBe("failed");
    expect(gone.code).toBe(2003);

    const mine = await subscriptionsOf(alice);
    expect(mine).toHaveLength(FEEDS);
    expect(mine.every((s) => s.view === 2)).toBe(true);
    expect(mine.filter((s) => s.category === "Tech")).toHaveLength(6);
    expect(mine.filter((s) => s.title?.startsWith("Renamed"))).toHaveLength(4);
    expect(mine.filter((s) => s.title === null)).toHaveLength(FEEDS - 4);

    const again = await alice.request("POST", "/api/subscriptions/import", {
      json: { items, view: 2 },
    });
    const second = await finished(alice, again.body.data.id);
    expect(second.skipped).toBe(FEEDS);
    const marked = await alice.request("POST", "/api/subscriptions/parse-opml", { json: { opml } });
    expect(
      marked.body.data.subscriptions.filter((s: { subscribed: boolean }) => s.subscribed),
    ).toHaveLength(FEEDS);
  });

  it("exports OPML that imports into another account as the same subscriptions", async () => {
    for (const folderMode of ["category", "view"]) {
      const exported = await alice.request(
        "GET",
        `/api/subscriptions/export?folderMode=${folderMode}`,
      );
      expect(exported.status).toBe(200);
      expect(exported.body.data.opml).toMatch(
        /^<\?xml version="1.0" encoding="UTF-8"\?>\n<opml version="2.0">/,
      );
      const carol = new TestClient(server.localUrl);
      await carol.signUp(uniqueEmail("carol"));
      const preview = await carol.request("POST", "/api/subscriptions/parse-opml", {
        json: { opml: exported.body.data.opml },
      });
      expect(preview.body.data.problems).toEqual([]);
      const started = await carol.request("POST", "/api/subscriptions/import", {
        json: { items: preview.body.data.subscriptions },
      });
      const result = await finished(carol, started.body.data.id);
      expect(result.done).toBe(FEEDS);
      expect(await subscriptionsOf(carol)).toEqual(await subscriptionsOf(alice));
    }
  });

  it("takes a big selection in several requests into one import", async () => {
    const dave = new TestClient(server.localUrl);
    await dave.signUp(uniqueEmail("dave"));
    const urls = Array.from({ length: FEEDS }, (_, i) => feeds.url(`/f${i}.xml`));
    const first = await dave.request("POST", "/api/subscriptions/import", {
      json: { items: urls.slice(0, 5).map((url) => ({ url })) },
    });
    const second = await dave.request("POST", "/api/subscriptions/import", {
      json: { items: urls.slice(5).map((url) => ({ url })), importId: first.body.data.id },
    });
    expect(second.body.data.id).toBe(first.body.data.id);
    expect(second.body.data.total).toBe(FEEDS);
    const result = await finished(dave, first.body.data.id);
    expect(result.done).toBe(FEEDS);
    expect(await subscriptionsOf(dave)).toHaveLength(FEEDS);
  });

  it("bounds the feeds one import may hold, appended requests included (14001), and the imports kept", async () => {
    const erin = new TestClient(server.localUrl);
    await erin.signUp(uniqueEmail("erin"));
    // Not feed URLs: each fails at once, nothing is fetched.
    const batch = (start: number) =>
      Array.from({ length: IMPORT_BATCH_LIMIT }, (_, i) => ({ url: `not a feed ${start + i}` }));
    const first = await erin.request("POST", "/api/subscriptions/import", {
      json: { items: batch(0) },
    });
    expect(first.status).toBe(200);
    const id = first.body.data.id;
    for (let sent = IMPORT_BATCH_LIMIT; sent < MAX_IMPORT_ITEMS; sent += IMPORT_BATCH_LIMIT) {
      const more = await erin.request("POST", "/api/subscriptions/import", {
        json: { items: batch(sent).slice(0, MAX_IMPORT_ITEMS - sent), importId: id },
      });
      expect(more.status).toBe(200);
    }
    const over = await erin.request("POST", "/api/subscriptions/import", {
      json: { items: [{ url: "not a feed, one more" }], importId: id },
    });
    expect(over.status).toBe(413);
    expect(over.body.code).toBe(14001);
    expect(over.body.reason).toContain(String(MAX_IMPORT_ITEMS));
    expect((await finished(erin, id)).total).toBe(MAX_IMPORT_ITEMS);
    // Only the newest few finished imports are kept.
    const ids = [id];
    for (let i = 0; i < MAX_IMPORTS_PER_USER; i++) {
      const next = await erin.request("POST", "/api/subscriptions/import", {
        json: { items: [{ url: `not a feed ${i}` }] },
      });
      expect(next.status).toBe(200);
      ids.push(next.body.data.id);
      await finished(erin, next.body.data.id);
    }
    const forgotten = await erin.request("GET", `/api/subscriptions/import?id=${id}`);
    expect(forgotten.status).toBe(404);
    for (const kept of ids.slice(1)) {
      expect((await erin.request("GET", `/api/subscriptions/import?id=${kept}`)).status).toBe(200);
    }
  });

  it("keeps each person's imports to themselves", async () => {
    const started = await alice.request("POST", "/api/subscriptions/import", {
      json: { items: [{ url: feeds.url("/f1.xml") }] },
    });
    await finished(alice, started.body.data.id);
    const peek = await bob.request("GET", `/api/subscriptions/import?id=${started.body.data.id}`);
    expect(peek.status).toBe(404);
    expect(peek.body.code).toBe(1002);
    const append = await bob.request("POST", "/api/subscriptions/import", {
      json: { items: [{ url: feeds.url("/f2.xml") }], importId: started.body.data.id },
    });
    expect(append.status).toBe(404);
    expect(append.body.code).toBe(1002);
    const bobs = await bob.request("GET", "/api/subscriptions/export");
    expect(bobs.body.data.opml).not.toContain("f1.xml");
    expect(await subscriptionsOf(bob)).toEqual([]);
  });

  it("refuses what is not OPML with 14000 and never answers 5xx to any text", async () => {
    for (const text of [
      "{not xml :)",
      "<rss version='2.0'><channel/></rss>",
      '<opml version="9"/>',
    ]) {
      const answer = await alice.request("POST", "/api/subscriptions/parse-opml", {
        json: { opml: text },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe(14000);
    }
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string(),
          fc.string().map((s) => `<opml><body>${s}`),
        ),
        async (text) => {
          const answer = await alice.request("POST", "/api/subscriptions/parse-opml", {
            json: { opml: text },
          });
          expect(answer.status).toBeLessThan(500);
          expect([0, 14000]).toContain(answer.body.code);
        },
      ),
      { numRuns: 60 },
    );
    // Arbitrary bodies, none naming a fetchable URL (nothing leaves this machine).
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.jsonValue(),
          fc.record({ items: fc.array(fc.record({ url: fc.string(), view: fc.anything() })) }),
        ),
        async (body) => {
          fc.pre(!JSON.stringify(body).includes(":/"));
          const answer = await alice.request("POST", "/api/subscriptions/import", { json: body });
          expect(answer.status).toBeLessThan(500);
          expect(typeof answer.body.code).toBe("number");
        },
      ),
      { numRuns: 60 },
    );
    for (const body of [{ items: [] }, { items: [{ url: 5 }] }, { items: "x" }, {}]) {
      const answer = await alice.request("POST", "/api/subscriptions/import", { json: body });
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe(1002);
    }
  });
});

describe("OPML limits set by the operator (sqlite)", () => {
  let server: TestServer;
  let client: TestClient;
  beforeAll(async () => {
    server = await startTestServer("sqlite", {
      MAX_SUBSCRIPTIONS_PER_USER: "3",
      OPML_MAX_CHARS: "2000",
    });
    client = new TestClient(server.localUrl);
    await client.signUp(uniqueEmail("quota"));
  });
  afterAll(async () => {
    await server?.close();
  });

  it("answers the remaining quota, refuses an import over it (2011) and a file too large (14001)", async () => {
    const outlines = Array.from(
      { length: 5 },
      (_, i) => `<outline text="F${i}" xmlUrl="https://f${i}.invalid/feed"/>`,
    ).join("");
    const opml = `<opml version="2.0"><body>${outlines}</body></opml>`;
    const preview = await client.request("POST", "/api/subscriptions/parse-opml", {
      json: { opml },
    });
    expect(preview.body.data.remaining).toBe(3);
    const over = await client.request("POST", "/api/subscriptions/import", {
      json: { items: preview.body.data.subscriptions },
    });
    expect(over.status).toBe(400);
    expect(over.body.code).toBe(2011);
    const big = await client.request("POST", "/api/subscriptions/parse-opml", {
      json: {
        opml: `<opml version="2.0"><body>${"<outline text='x'/>".repeat(200)}</body></opml>`,
      },
    });
    expect(big.status).toBe(413);
    expect(big.body.code).toBe(14001);
  });
});
