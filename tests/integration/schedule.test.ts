import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FeedServer, rssFeed } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";
import { forgetLastCheck } from "../support/server-database.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * A refresh schedules the feed's next check from what the site and the feed ask, within the
 * operator's bounds (here 2 min .. 3 h), and a failing feed tells its subscribers when it is
 * tried again.
 */
describe.each(DIALECTS)("feed schedule on %s", (dialect) => {
  let server: TestServer;
  let feeds: FeedServer;
  let reader: TestClient;
  const answers = new Map<
    string,
    { status: number; headers: Record<string, string>; body: string }
  >();

  const item = (n: number) => ({ guid: `g${n}`, title: `Item ${n}` });
  const plain = (extra = "") =>
    rssFeed("Scheduled", [item(1), item(2)]).replace("<channel>", `<channel>${extra}`);

  /** Subscribes, then has the site answer `answer` and asks for a fetch now. */
  async function refreshWith(
    path: string,
    answer: { status: number; headers?: Record<string, string>; body?: string },
  ) {
    answers.set(path, { status: 200, headers: {}, body: plain() });
    const url = feeds.route(path, (_request, response) => {
      const now = answers.get(path)!;
      response.writeHead(now.status, { "content-type": "application/rss+xml", ...now.headers });
      response.end(now.body);
    });
    const subscribed = await reader.request("POST", "/api/subscriptions", { json: { url } });
    expect(subscribed.status, subscribed.text).toBe(200);
    const feedId = subscribed.body.feed.id as string;
    answers.set(path, { headers: {}, body: plain(), ...answer });
    await forgetLastCheck(server, feedId);
    const asked = Date.now();
    const refreshed = await reader.request("GET", `/api/feeds/refresh?id=${feedId}`);
    expect(refreshed.status, refreshed.text).toBe(200);
    const wait = Date.parse(refreshed.body.data.nextCheckAt) - asked;
    return { feedId, outcome: refreshed.body.data, wait };
  }

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    server = await startTestServer(dialect, {
      AUTH_RATE_LIMIT_MAX: "1000",
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      INGEST_POLL_SECONDS: "3600",
      INGEST_MIN_INTERVAL: "2m",
      INGEST_MAX_INTERVAL: "3h",
    });
    reader = new TestClient(server.localUrl);
    await reader.signUp(uniqueEmail("reader"));
  });
  afterAll(async () => {
    await server?.close();
    await feeds?.stop();
  });

  it("a feed with no rhythm yet is checked within the hour, within the bounds", async () => {
    const { outcome, wait } = await refreshWith("/new.xml", { status: 200 });
    expect(outcome.ok).toBe(true);
    expect(wait).toBeGreaterThanOrEqual(2 * MINUTE - 5_000);
    expect(wait).toBeLessThanOrEqual(HOUR + 5_000);
  });

  it("honours <ttl> and <sy:updatePeriod>, up to the operator's maximum", async () => {
    const ttl = await refreshWith("/ttl.xml", { status: 200, body: plain("<ttl>150</ttl>") });
    expect(ttl.wait).toBeGreaterThanOrEqual(150 * MINUTE - 5_000);
    const weekly = await refreshWith("/sy.xml", {
      status: 200,
      body: plain(
        '<sy:updatePeriod xmlns:sy="http://purl.org/rss/1.0/modules/syndication/">weekly</sy:updatePeriod>',
      ),
    });
    expect(weekly.wait).toBeLessThanOrEqual(3 * HOUR + 5_000);
    expect(weekly.wait).toBeGreaterThanOrEqual(3 * HOUR - 5_000);
  });

  it("honours Cache-Control max-age and Expires", async () => {
    const maxAge = await refreshWith("/max-age.xml", {
      status: 200,
      headers: { "cache-control": "public, max-age=7200" },
    });
    expect(maxAge.wait).toBeGreaterThanOrEqual(2 * HOUR - 5_000);
    const expires = await refreshWith("/expires.xml", {
      status: 200,
      headers: { expires: new Date(Date.now() + 100 * MINUTE).toUTCString() },
    });
    expect(expires.wait).toBeGreaterThanOrEqual(95 * MINUTE);
  });

  it("waits for Retry-After on a 429 and a 503, and shows the error with the next try", async () => {
    const limited = await refreshWith("/limited.xml", {
      status: 429,
      headers: { "retry-after": "5400" },
      body: "slow down",
    });
    expect(limited.outcome.ok).toBe(false);
    expect(limited.wait).toBeGreaterThanOrEqual(90 * MINUTE - 5_000);
    const down = await refreshWith("/down.xml", {
      status: 503,
      headers: { "retry-after": new Date(Date.now() + 2 * HOUR).toUTCString() },
      body: "down",
    });
    expect(down.wait).toBeGreaterThanOrEqual(2 * HOUR - 10_000);
    const feed = await reader.request("GET", `/api/feeds?id=${down.feedId}`);
    expect(feed.body.data.feed.errorMessage).toContain("503");
    // Subscribers see when it is tried next, on the feed and in their subscription list.
    expect(feed.body.data.feed.nextRetryAt).toBe(down.outcome.nextCheckAt);
    const list = await reader.request("GET", "/api/subscriptions");
    const listed = (list.body.data as { feedId: string; feeds: { nextRetryAt?: string } }[]).find(
      (s) => s.feedId === down.feedId,
    );
    expect(listed?.feeds.nextRetryAt).toBe(down.outcome.nextCheckAt);
    // Retry-After on another status is not an instruction: plain backoff from the minimum.
    const gone = await refreshWith("/gone.xml", {
      status: 500,
      headers: { "retry-after": "86400" },
      body: "oops",
    });
    expect(gone.wait).toBeLessThan(HOUR);
    expect(gone.wait).toBeGreaterThanOrEqual(2 * MINUTE - 5_000);
  });
});
