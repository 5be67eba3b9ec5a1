import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FeedServer, rssFeed } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";

/**
 * What the generated cross-user suite (cross-user.test.ts, every endpoint against every kind of
 * another user's object) does not reach: idempotency keys are per user, and every reading
 * endpoint wants a session.
 */
describe.each(DIALECTS)("user isolation on %s", (dialect) => {
  let server: TestServer;
  let feeds: FeedServer;
  let alice: TestClient;
  let bob: TestClient;
  let entryIds: string[];

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    server = await startTestServer(dialect, {
      AUTH_RATE_LIMIT_MAX: "1000",
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      INGEST_POLL_SECONDS: "3600",
    });
    const url = feeds.serve(
      "/alice.xml",
      rssFeed(
        "Alice's feed",
        Array.from({ length: 5 }, (_, i) => ({
          guid: `a${i}`,
          title: `A${i}`,
          date: new Date(Date.UTC(2026, 0, 1 + i)),
        })),
      ),
    );
    alice = new TestClient(server.localUrl);
    bob = new TestClient(server.localUrl);
    await alice.signUp(uniqueEmail("alice"));
    await bob.signUp(uniqueEmail("bob"));
    const sub = await alice.request("POST", "/api/subscriptions", {
      json: { url, view: 0, category: "Mine", isPrivate: true },
    });
    const list = await alice.request("POST", "/api/entries", {
      json: { feedId: sub.body.feed.id },
    });
    entryIds = list.body.data.map((d: { entries: { id: string } }) => d.entries.id);
  });
  afterAll(async () => {
    await server?.close();
    await feeds?.stop();
  });

  it("keeps idempotency keys per user", async () => {
    const key = { "idempotency-key": "shared-key" };
    const mine = await alice.request("POST", "/api/collections", {
      json: { entryId: entryIds[2] },
      headers: key,
    });
    expect(mine.status).toBe(200);
    const theirs = await bob.request("POST", "/api/collections", {
      json: { entryId: entryIds[2] },
      headers: key,
    });
    expect(theirs.body.code).toBe(3000);
    expect(theirs.headers.get("idempotent-replayed")).toBeNull();
  });

  it("requires a session on every reading endpoint", async () => {
    const anonymous = new TestClient(server.localUrl);
    for (const [method, path] of [
      ["GET", "/api/subscriptions"],
      ["POST", "/api/subscriptions"],
      ["POST", "/api/entries"],
      ["GET", "/api/reads"],
      ["POST", "/api/reads/all"],
      ["POST", "/api/collections"],
      ["GET", "/api/categories"],
      ["GET", "/api/feeds?id=1"],
    ] as const) {
      const response = await anonymous.request(method, path, method === "GET" ? {} : { json: {} });
      expect(response.status, path).toBe(401);
      expect(response.body.code, path).toBe(1000);
    }
  });
});
