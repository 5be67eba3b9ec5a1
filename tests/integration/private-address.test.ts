import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FeedServer, rssFeed } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { startTestServer, type TestServer } from "../support/server.ts";

/**
 * Issue 13: a feed on this machine or the local network, with private networks not allowed
 * (the default), is refused with 2003 and a reason saying the address is private and how the
 * operator can allow it, in the reader's language (Accept-Language).
 */
describe("subscribing to a private address", () => {
  let server: TestServer;
  let feeds: FeedServer;
  let client: TestClient;
  let url: string;

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    url = feeds.serve(
      "/local.xml",
      rssFeed("Local", [{ guid: "1", title: "One", date: new Date() }]),
    );
    server = await startTestServer("sqlite", { AUTH_RATE_LIMIT_MAX: "1000" });
    client = new TestClient(server.localUrl);
    await client.signUp(uniqueEmail("private-address"));
  });
  afterAll(async () => {
    await server?.close();
    await feeds?.stop();
  });

  it.each([
    ["en-US,en;q=0.9", "is a private address"],
    ["ja", "プライベートアドレス"],
    ["zh-CN", "私有地址"],
    ["zh-TW", "私有位址"],
  ])("Accept-Language %s: the reason says so", async (language, phrase) => {
    const response = await client.request("POST", "/api/subscriptions", {
      json: { url, view: 0 },
      headers: { "accept-language": language },
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.body.code).toBe(2003);
    expect(response.body.reason).toContain(phrase);
    expect(response.body.reason).toContain("127.0.0.1");
    expect(response.body.reason).toContain("FETCH_ALLOW_PRIVATE_NETWORKS");
  });
});
