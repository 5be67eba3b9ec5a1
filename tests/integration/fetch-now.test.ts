import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FeedServer, rssFeed } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";
import { forgetLastCheck } from "../support/server-database.ts";

/** A subscriber asks for a feed now: fetched, unless a check a moment ago already answers. */
describe.each(DIALECTS)("fetch now on %s", (dialect) => {
  let server: TestServer;
  let feeds: FeedServer;
  let reader: TestClient;
  let stranger: TestClient;
  let items = 2;

  const render = () =>
    rssFeed(
      "Daily",
      Array.from({ length: items }, (_, i) => ({
        guid: `d${i}`,
        title: `Day ${i}`,
        date: new Date(Date.UTC(2026, 0, 1 + i)),
      })),
    );

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    server = await startTestServer(dialect, {
      AUTH_RATE_LIMIT_MAX: "1000",
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      INGEST_POLL_SECONDS: "3600",
    });
    reader = new TestClient(server.localUrl);
    stranger = new TestClient(server.localUrl);
    await reader.signUp(uniqueEmail("reader"));
    await stranger.signUp(uniqueEmail("stranger"));
  });
  afterAll(async () => {
    await server?.close();
    await feeds?.stop();
  });

  it("fetches a followed feed now and says what came in; a second ask reuses that check", async () => {
    const url = feeds.serve("/daily.xml", render);
    const feedId = (await reader.request("POST", "/api/subscriptions", { json: { url } })).body.feed
      .id as string;
    items = 5;
    await forgetLastCheck(server, feedId);
    const before = feeds.hits.get("/daily.xml") ?? 0;
    const now = await reader.request("GET", `/api/feeds/refresh?id=${feedId}`);
    expect(now.status, now.text).toBe(200);
    expect(now.body.data).toMatchObject({ ok: true, inserted: 3 });
    expect((await reader.request("GET", "/api/reads")).body.data[feedId]).toBe(5);

    const again = await reader.request("GET", `/api/feeds/refresh?id=${feedId}`);
    expect(again.body.data).toMatchObject({ ok: true, inserted: 0 });
    expect(feeds.hits.get("/daily.xml")).toBe(before + 1);
  });

  it("tells the feed's error when the site fails", async () => {
    let failing = false;
    const url = feeds.route("/flaky.xml", (_request, response) => {
      if (failing) return response.writeHead(503, { "content-type": "text/plain" }).end("down");
      response.writeHead(200, { "content-type": "application/rss+xml" }).end(render());
    });
    const feedId = (await reader.request("POST", "/api/subscriptions", { json: { url } })).body.feed
      .id as string;
    failing = true;
    await forgetLastCheck(server, feedId);
    const now = await reader.request("GET", `/api/feeds/refresh?id=${feedId}`);
    expect(now.body.data.ok).toBe(false);
    expect(now.body.data.message).toContain("503");
  });

  it("is not for feeds the person does not follow", async () => {
    const url = feeds.serve("/theirs.xml", render);
    const feedId = (await reader.request("POST", "/api/subscriptions", { json: { url } })).body.feed
      .id as string;
    const refused = await stranger.request("GET", `/api/feeds/refresh?id=${feedId}`);
    expect(refused.body.code).toBe(2000);
    const unknown = await stranger.request("GET", "/api/feeds/refresh?id=1234567890123456789");
    expect(unknown.body).toEqual(refused.body);
  });

  it("holds one person to a budget of fetches", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 22; i++) {
      const url = feeds.serve(`/many-${i}.xml`, render);
      const feedId = (await reader.request("POST", "/api/subscriptions", { json: { url } })).body
        .feed.id as string;
      await forgetLastCheck(server, feedId);
      ids.push(feedId);
    }
    const codes: number[] = [];
    for (const id of ids) {
      codes.push((await reader.request("GET", `/api/feeds/refresh?id=${id}`)).body.code);
    }
    expect(codes.filter((code) => code === 12000).length).toBeGreaterThan(0);
    expect(codes.filter((code) => code === 0).length).toBeGreaterThanOrEqual(15);
  });
});
