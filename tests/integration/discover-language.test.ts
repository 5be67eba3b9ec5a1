import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FeedServer, rssFeed } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";

/** An RSS channel that declares its language (RSS 2.0 <language>). */
function rssIn(language: string | null, title: string) {
  const feed = rssFeed(title, [{ guid: `${title}-1`, title: `${title} post`, date: new Date() }]);
  return language
    ? feed.replace("</description>", `</description><language>${language}</language>`)
    : feed;
}

describe.each(DIALECTS)("discover by the discoverLanguage setting on %s", (dialect) => {
  let server: TestServer;
  let feeds: FeedServer;
  let reader: TestClient;

  const titles = async (json: Record<string, unknown>) => {
    const response = await reader.request("POST", "/api/discover", { json });
    expect(response.status).toBe(200);
    return (response.body.data as Array<{ feed: { title: string } }>).map((i) => i.feed.title);
  };

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    server = await startTestServer(dialect, {
      AUTH_RATE_LIMIT_MAX: "1000",
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      INGEST_POLL_SECONDS: "3600",
    });
    const follower = new TestClient(server.localUrl);
    await follower.signUp(uniqueEmail("lang-follower"));
    reader = new TestClient(server.localUrl);
    await reader.signUp(uniqueEmail("lang-reader"));
    // The follower's public subscriptions make them discoverable; the most followed is English.
    for (const [path, language, title] of [
      ["/en.xml", "en-us", "Tea Weekly"],
      ["/ja.xml", "ja", "Tea Japan"],
      ["/none.xml", null, "Tea Undeclared"],
      ["/zh.xml", "zh-TW", "Tea Taiwan"],
    ] as const) {
      const url = feeds.serve(path, rssIn(language, title));
      const response = await follower.request("POST", "/api/subscriptions", {
        json: { url, view: 0 },
      });
      expect(response.status).toBe(200);
    }
  });
  afterAll(async () => {
    await server?.close();
    await feeds?.stop();
  });

  it("offers every language without a choice or with all", async () => {
    expect((await titles({ keyword: "tea" })).sort()).toEqual([
      "Tea Japan",
      "Tea Taiwan",
      "Tea Undeclared",
      "Tea Weekly",
    ]);
    expect(await titles({ keyword: "tea", language: "all" })).toHaveLength(4);
  });

  it("keeps feeds in the chosen language first, undeclared after, others out", async () => {
    expect(await titles({ keyword: "tea", language: "ja" })).toEqual([
      "Tea Japan",
      "Tea Undeclared",
    ]);
    expect(await titles({ keyword: "tea", language: "zh" })).toEqual([
      "Tea Taiwan",
      "Tea Undeclared",
    ]);
    expect(await titles({ keyword: "tea", language: "ko" })).toEqual(["Tea Undeclared"]);
  });

  it("refuses a language it does not offer with 1002", async () => {
    for (const language of ["xx", 5, "", "ja-JP-x".repeat(20)]) {
      const response = await reader.request("POST", "/api/discover", {
        json: { keyword: "tea", language },
      });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe(1002);
    }
  });
});
