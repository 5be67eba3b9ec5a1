import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FeedServer } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";
import { ServiceFakes } from "../support/service-fakes.ts";

const FEED = `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>Saved</title>
<link>https://example.com/</link><description>feed</description>
<item><guid>post-1</guid><title>A post worth saving</title><link>https://example.com/post-1</link>
<dc:creator>Ann Author</dc:creator><pubDate>Mon, 01 Jun 2026 12:00:00 GMT</pubDate>
<description><![CDATA[<p>The quick brown fox jumps over the lazy dog.</p>]]></description></item>
</channel></rss>`;

const TOKEN = "rw-token-0123456789abcdef";
const COLLECTION_UUID = "7d5e0c8a-1b2c-4d3e-8f90-a1b2c3d4e5f6";

describe.each(DIALECTS)("highlights and tags sent with a saved entry on %s", (dialect) => {
  let server: TestServer;
  let feeds: FeedServer;
  let fakes: ServiceFakes;
  let alice: TestClient;
  let entryId: string;

  const save = (service: string) =>
    alice.request("POST", "/api/integrations/save", { json: { service, entryId } });

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    fakes = await new ServiceFakes().start();
    server = await startTestServer(dialect, {
      AUTH_RATE_LIMIT_MAX: "1000",
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      INGEST_POLL_SECONDS: "3600",
      READWISE_API_URL: `${fakes.baseUrl}/readwise`,
    });
    alice = new TestClient(server.localUrl);
    await alice.signUp(uniqueEmail("alice-highlight-export"));
    const subscribed = await alice.request("POST", "/api/subscriptions", {
      json: { url: feeds.serve("/saved.xml", FEED), view: 0 },
    });
    const list = await alice.request("POST", "/api/entries", {
      json: { feedId: subscribed.body.feed.id },
    });
    entryId = list.body.data[0].entries.id;
    const highlight = (id: string, exact: string, start: number, note: string) =>
      alice.request("POST", "/api/highlights", {
        json: {
          id,
          entryId,
          color: "yellow",
          exact,
          prefix: "",
          suffix: "",
          start,
          end: start + exact.length,
          note,
        },
      });
    // Made out of order: they are sent in reading order.
    await highlight("1820000000000000002", "lazy dog", 35, "");
    await highlight("1820000000000000001", "quick brown fox", 4, "Fast");
    await alice.request("POST", "/api/tags/entries", { json: { entryId, tag: "animals" } });
  });
  afterAll(async () => {
    await server?.close();
    await feeds?.stop();
    await fakes?.stop();
  });

  it("Readwise: the document with the person's tags, then the highlights API with each passage and note", async () => {
    await alice.request("PATCH", "/api/settings/integration", {
      json: { enableReadwise: true, readwiseToken: TOKEN },
    });
    fakes.answer("POST /readwise/api/v3/save/", {
      status: 201,
      body: { id: "01abc", url: "https://read.readwise.io/read/01abc" },
    });
    fakes.answer("POST /readwise/api/v2/highlights/", { status: 200, body: [] });
    const saved = await save("readwise");
    expect(saved.body).toEqual({ code: 0, data: { url: "https://read.readwise.io/read/01abc" } });
    const [document, highlights] = fakes.take();
    expect(JSON.parse(document!.body).tags).toEqual(["animals"]);
    expect(highlights!.path).toBe("/readwise/api/v2/highlights/");
    expect(highlights!.headers.authorization).toBe(`Token ${TOKEN}`);
    expect(JSON.parse(highlights!.body)).toEqual({
      highlights: [
        {
          text: "quick brown fox",
          note: "Fast",
          title: "A post worth saving",
          author: "Ann Author",
          source_url: "https://example.com/post-1",
          source_type: "follow",
          category: "articles",
        },
        {
          text: "lazy dog",
          title: "A post worth saving",
          author: "Ann Author",
          source_url: "https://example.com/post-1",
          source_type: "follow",
          category: "articles",
        },
      ],
    });
  });

  it("Readeck: once the bookmark is loaded, each passage found in its article becomes an annotation with its note; one it lacks is skipped and the save still succeeds", async () => {
    await alice.request("PATCH", "/api/settings/integration", {
      json: {
        enableReadeck: true,
        readeckEndpoint: `${fakes.baseUrl}/readeck`,
        readeckToken: "rd-token-abcdef123456",
      },
    });
    const bookmark = `${fakes.baseUrl}/readeck/api/bookmarks/bk7`;
    fakes.answer("POST /readeck/api/bookmarks", {
      status: 202,
      body: {},
      headers: { location: bookmark },
    });
    fakes.answer("GET /readeck/api/bookmarks/bk7", {
      status: 200,
      body: { id: "bk7", loaded: true, state: 0 },
    });
    // Readeck's copy of the page: "lazy dog" is not in it.
    fakes.answer("GET /readeck/api/bookmarks/bk7/article", {
      status: 200,
      body: "<section><h1>A post</h1><p>The quick <em>brown</em> fox jumps.</p></section>",
      headers: { "content-type": "text/html; charset=utf-8" },
    });
    fakes.answer("POST /readeck/api/bookmarks/bk7/annotations", { status: 201, body: {} });
    expect((await save("readeck")).body).toEqual({ code: 0, data: { url: bookmark } });
    const requests = fakes.take();
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "POST /readeck/api/bookmarks",
      "GET /readeck/api/bookmarks/bk7",
      "GET /readeck/api/bookmarks/bk7/article",
      "POST /readeck/api/bookmarks/bk7/annotations",
    ]);
    const annotation = requests[3]!;
    expect(annotation.headers.authorization).toBe("Bearer rd-token-abcdef123456");
    expect(JSON.parse(annotation.body)).toEqual({
      start_selector: "section[1]/p[1]",
      start_offset: 4,
      end_selector: "section[1]/p[1]",
      end_offset: 19,
      color: "yellow",
      note: "Fast",
    });
  });

  it("Readeck: a bookmark still loading after a few tries gets no annotations, and the save succeeds", async () => {
    fakes.answer("POST /readeck/api/bookmarks", {
      status: 202,
      body: {},
      headers: { location: `${fakes.baseUrl}/readeck/api/bookmarks/bk8` },
    });
    fakes.answer("GET /readeck/api/bookmarks/bk8", {
      status: 200,
      body: { id: "bk8", loaded: false, state: 2 },
    });
    expect((await save("readeck")).body.code).toBe(0);
    const paths = fakes.take().map((r) => `${r.method} ${r.path}`);
    expect(paths[0]).toBe("POST /readeck/api/bookmarks");
    expect(paths.slice(1).every((path) => path === "GET /readeck/api/bookmarks/bk8")).toBe(true);
    expect(paths.length).toBeGreaterThan(2);
  });

  it("Outline: the highlights and notes as quotes under the document", async () => {
    await alice.request("PATCH", "/api/settings/integration", {
      json: {
        enableOutline: true,
        outlineEndpoint: `${fakes.baseUrl}/outline/api/`,
        outlineToken: "ol_api_0123456789abc",
        outlineCollection: COLLECTION_UUID,
      },
    });
    fakes.answer("POST /outline/api/documents.create", {
      status: 200,
      body: { data: { id: "doc1", url: "/doc/a-post-worth-saving-x1" } },
    });
    expect((await save("outline")).body.code).toBe(0);
    const [create] = fakes.take();
    expect(JSON.parse(create!.body).text).toBe(
      [
        "The quick brown fox jumps over the lazy dog.",
        "",
        "## Highlights",
        "",
        "> quick brown fox",
        "",
        "Note: Fast",
        "",
        "> lazy dog",
        "",
      ].join("\n"),
    );
  });
});
