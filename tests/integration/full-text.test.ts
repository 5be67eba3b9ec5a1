import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FeedServer, rssFeed } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";

const ARTICLE = `<!doctype html><html><head><title>Read</title></head><body><main><article>
${Array.from({ length: 10 }, (_, i) => `<p>Paragraph ${i + 1} of a long enough article body for the extractor to keep it as the readable text.</p>`).join("\n")}
</article></main></body></html>`;

/** Full text of an entry's page: the article, or what went wrong, never a silent nothing. */
describe.each(DIALECTS)("full text on %s", (dialect) => {
  let server: TestServer;
  let feeds: FeedServer;
  let reader: TestClient;
  const ids: Record<string, string> = {};
  let gone = 404;

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    server = await startTestServer(dialect, {
      AUTH_RATE_LIMIT_MAX: "1000",
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      INGEST_POLL_SECONDS: "3600",
    });
    const article = feeds.serve("/article", ARTICLE, "text/html; charset=utf-8");
    const dead = feeds.route("/dead", (_request, response) => {
      response.writeHead(gone, { "content-type": "text/html" });
      response.end(gone === 200 ? ARTICLE : "<h1>Not here</h1>");
    });
    const url = feeds.serve(
      "/pages.xml",
      rssFeed("Pages", [
        { guid: "article", title: "Article", date: new Date(Date.UTC(2026, 0, 2)) },
        { guid: "dead", title: "Dead", date: new Date(Date.UTC(2026, 0, 1)) },
      ])
        .replace("https://example.com/article", article)
        .replace("https://example.com/dead", dead),
    );
    reader = new TestClient(server.localUrl);
    await reader.signUp(uniqueEmail("reader"));
    const feedId = (await reader.request("POST", "/api/subscriptions", { json: { url } })).body.feed
      .id;
    const list = await reader.request("POST", "/api/entries", { json: { feedId } });
    for (const item of list.body.data as { entries: { id: string; title: string } }[]) {
      ids[item.entries.title] = item.entries.id;
    }
  });
  afterAll(async () => {
    await server?.close();
    await feeds?.stop();
  });

  it("reads a live page's article", async () => {
    const answer = await reader.request("GET", `/api/entries/readability?id=${ids.Article}`);
    expect(answer.status).toBe(200);
    expect(answer.body.data.content).toContain("Paragraph 10");
  });

  it("says the HTTP status of a dead page, and asks it again later", async () => {
    const answer = await reader.request("GET", `/api/entries/readability?id=${ids.Dead}`);
    expect(answer.body.code).toBe(2003);
    expect(answer.body.reason).toContain("HTTP 404");
    // Nothing was cached: once the page is back, its article is read.
    gone = 200;
    const again = await reader.request("GET", `/api/entries/readability?id=${ids.Dead}`);
    expect(again.body.data.content).toContain("Paragraph 1");
  });
});
