import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listEndpoints } from "../../contract/api/index.ts";
import { NUL_REASON } from "../../contract/nul-text.ts";
import { FeedServer, rssFeed } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";

const NUL = "\u0000";

/**
 * U+0000 in request text: PostgreSQL cannot store it (every such write was a 500), SQLite could.
 * Both refuse it at the boundary with a coded 1002; mail text and feeds (which we do not write)
 * have it taken out and are stored.
 */
describe.each(DIALECTS)("NUL characters in text on %s", (dialect) => {
  let server: TestServer;
  let feeds: FeedServer;
  let user: TestClient;
  let feedId: string;

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    server = await startTestServer(dialect, {
      AUTH_RATE_LIMIT_MAX: "1000",
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      INGEST_POLL_SECONDS: "3600",
    });
    user = new TestClient(server.localUrl);
    await user.signUp(uniqueEmail("nul"));
    const url = feeds.serve("/plain.xml", () => rssFeed("Plain", [{ guid: "p1", title: "One" }]));
    const subscribed = await user.request("POST", "/api/subscriptions", { json: { url } });
    expect(subscribed.status).toBe(200);
    feedId = subscribed.body.feed.id;
  });
  afterAll(async () => {
    await server?.close();
    await feeds?.stop();
  });

  const refusedForNul = (answer: { status: number; body: { code?: number; reason?: string } }) => {
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe(1002);
    expect(answer.body.reason).toBe(NUL_REASON);
  };

  it("refuses NUL in every text field of the writes that stored it", async () => {
    const writes: Array<[string, string, Record<string, unknown>]> = [
      ["POST", "/api/lists", { title: `List${NUL}`, view: 0 }],
      ["POST", "/api/lists", { title: "List", description: `a${NUL}b`, view: 0 }],
      ["PATCH", "/api/categories", { feedIdList: [feedId], category: `Cat${NUL}` }],
      ["POST", "/api/inboxes", { handle: "nul-inbox", title: `Inbox${NUL}` }],
      ["PATCH", "/api/subscriptions", { feedId, title: `Sub${NUL}` }],
      ["PATCH", "/api/subscriptions", { feedId, category: `Sub${NUL}` }],
      ["PATCH", "/api/subscriptions/batch", { feedIds: [feedId], category: `B${NUL}` }],
      [
        "POST",
        "/api/search/saved",
        { id: "1234567890", name: `Saved${NUL}`, keyword: "news", filters: {} },
      ],
      [
        "POST",
        "/api/search/saved",
        { id: "1234567890", name: "Saved", keyword: `news${NUL}`, filters: {} },
      ],
      ["POST", "/api/better-auth/update-user", { name: `Name${NUL}` }],
      ["POST", "/api/better-auth/update-user", { bio: `Bio${NUL}` }],
      ["POST", "/api/better-auth/update-user", { [`k${NUL}`]: "v" }],
    ];
    for (const [method, path, json] of writes) {
      refusedForNul(await user.request(method, path, { json }));
    }
    // The valid requests beside them are taken: the refusal is about the NUL alone.
    expect(
      (await user.request("POST", "/api/lists", { json: { title: "List", view: 0 } })).status,
    ).toBe(200);
    expect(
      (await user.request("POST", "/api/better-auth/update-user", { json: { bio: "Bio" } })).status,
    ).toBe(200);
    // In the query and the path too.
    refusedForNul(await user.request("GET", `/api/feeds?url=https%3A%2F%2Fa.example%00`));
  });

  it("refuses a webhook's entry holding NUL with a coded answer, and takes the rest", async () => {
    const created = await user.request("POST", "/api/inboxes", {
      json: { handle: "nul-hook", title: "Hook" },
    });
    expect(created.status).toBe(200);
    const post = (json: object) =>
      user.request("POST", "/api/inbox-webhooks/nul-hook", {
        headers: { "x-inbox-secret": created.body.data.secret },
        json,
      });
    refusedForNul(await post({ title: `Sub${NUL}ject`, content: "<p>Body</p>" }));
    refusedForNul(await post({ title: "Subject", content: `<p>Bo${NUL}dy</p>` }));
    expect((await post({ title: "Subject", content: "<p>Body</p>" })).status).toBe(200);
  });

  it("answers no request of the endpoint table with a 500 for NUL anywhere", async () => {
    let tried = 0;
    for (const { name, endpoint } of listEndpoints()) {
      const path = `/api${endpoint.path.replace(/:[a-zA-Z]+/g, "a%00b")}`;
      const answer =
        endpoint.method === "GET"
          ? await user.request("GET", `${path}?id=x%00&url=x%00&q=x%00`)
          : await user.request(endpoint.method, path, {
              json: { id: `x${NUL}`, title: `x${NUL}`, name: `x${NUL}`, url: `x${NUL}` },
            });
      tried++;
      expect(answer.status, `${name} ${endpoint.method} ${path}: ${answer.text}`).not.toBe(500);
    }
    expect(tried).toBeGreaterThan(50);
  });

  it("stores and serves a feed whose titles hold NUL, raw or as a character reference", async () => {
    const raw = feeds.serve("/nul-raw.xml", () =>
      rssFeed(`Raw${NUL}Feed`, [{ guid: `r${NUL}1`, title: `Raw${NUL}Item` }]),
    );
    const referenced = feeds.serve("/nul-ref.xml", () =>
      rssFeed("Ref&#0;Feed", [{ guid: "f1", title: "Ref&#0;Item" }]),
    );
    const other = new TestClient(server.localUrl);
    await other.signUp(uniqueEmail("nul-other"));
    for (const [url, feedTitle, itemTitle] of [
      [raw, "RawFeed", "RawItem"],
      [referenced, "Ref\uFFFDFeed", "Ref\uFFFDItem"],
    ] as const) {
      for (const client of [user, other]) {
        const subscribed = await client.request("POST", "/api/subscriptions", { json: { url } });
        expect(subscribed.status, subscribed.text).toBe(200);
        expect(subscribed.body.feed.title).toBe(feedTitle);
        const listed = await client.request("POST", "/api/entries", {
          json: { feedId: subscribed.body.feed.id },
        });
        expect(
          listed.body.data.map((item: { entries: { title: string } }) => item.entries.title),
        ).toEqual([itemTitle]);
      }
    }
  });
});
