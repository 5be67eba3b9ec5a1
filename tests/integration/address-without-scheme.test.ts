import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FeedServer, rssFeed } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { startTestServer, type TestServer } from "../support/server.ts";

/**
 * A site typed without a scheme is tried as https first. A site that speaks plain http only (as
 * the test server here does) is then read over http, and a failed secure connection is told
 * in words, never as the TLS library's dump.
 */
describe("an address typed without a scheme", () => {
  let server: TestServer;
  let feeds: FeedServer;
  let reader: TestClient;
  let address: string;

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    server = await startTestServer("sqlite", {
      AUTH_RATE_LIMIT_MAX: "1000",
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      INGEST_POLL_SECONDS: "3600",
    });
    const url = feeds.serve(
      "/plain.xml",
      rssFeed("Plain", [{ guid: "p1", title: "Plain one", date: new Date(Date.UTC(2026, 0, 1)) }]),
    );
    address = url.replace(/^http:\/\//, "");
    reader = new TestClient(server.localUrl);
    await reader.signUp(uniqueEmail("scheme"));
  });
  afterAll(async () => {
    await server?.close();
    await feeds?.stop();
  });

  it("reaches an http-only site over http", async () => {
    const answer = await reader.request("POST", "/api/subscriptions", { json: { url: address } });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.feed.title).toBe("Plain");
  });

  it("says in words that https failed when https was asked for", async () => {
    const answer = await reader.request(
      "GET",
      `/api/feeds?url=${encodeURIComponent(`https://${address}`)}`,
    );
    expect(answer.body.code).toBe(2003);
    expect(answer.body.reason).toContain("secure (HTTPS) connection");
    expect(answer.text).not.toMatch(/SSL routines|wrong version number|ssl3_|:error:/i);
  });
});
