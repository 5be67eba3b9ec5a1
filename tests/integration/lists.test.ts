import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FeedServer, rssFeed } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";

const ENTRIES = 4;

/** Lists: the owner curates, others follow; a list's timeline is its feeds' entries. */
describe.each(DIALECTS)("lists on %s", (dialect) => {
  let server: TestServer;
  let feeds: FeedServer;
  let alice: TestClient;
  let bob: TestClient;
  let feedA: string;
  let feedB: string;
  let listId: string;

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    server = await startTestServer(dialect, {
      AUTH_RATE_LIMIT_MAX: "1000",
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      INGEST_POLL_SECONDS: "3600",
    });
    const serve = (name: string, day: number) =>
      feeds.serve(
        `/${name}.xml`,
        rssFeed(
          `Feed ${name}`,
          Array.from({ length: ENTRIES }, (_, i) => ({
            guid: `${name}${i}`,
            title: `${name} ${i}`,
            date: new Date(Date.UTC(2026, 0, day + i)),
          })),
        ),
      );
    alice = new TestClient(server.localUrl);
    bob = new TestClient(server.localUrl);
    await alice.signUp(uniqueEmail("alice"), "correct horse battery", "Alice");
    await bob.signUp(uniqueEmail("bob"));
    feedA = (await alice.request("POST", "/api/subscriptions", { json: { url: serve("a", 1) } }))
      .body.feed.id;
    feedB = (await alice.request("POST", "/api/subscriptions", { json: { url: serve("b", 10) } }))
      .body.feed.id;
  });
  afterAll(async () => {
    await server?.close();
    await feeds?.stop();
  });

  it("lets the owner create a list and add feeds, once each", async () => {
    const created = await alice.request("POST", "/api/lists", {
      json: { title: "Reading", description: "Two feeds", view: 1 },
    });
    expect(created.status).toBe(200);
    listId = created.body.data.id;
    expect(created.body.data).toMatchObject({ type: "list", title: "Reading", view: 1, fee: 0 });
    expect(
      (await alice.request("POST", "/api/lists/feeds", { json: { listId, feedId: feedA } })).status,
    ).toBe(200);
    const twice = await alice.request("POST", "/api/lists/feeds", {
      json: { listId, feedId: feedA },
    });
    expect(twice.body.code).toBe(8003);
    const unknown = await alice.request("POST", "/api/lists/feeds", {
      json: { listId, feedIds: ["1234567890123456789"] },
    });
    expect(unknown.body.code).toBe(2001);
    expect(
      (await alice.request("POST", "/api/lists/feeds", { json: { listId, feedIds: [feedB] } }))
        .status,
    ).toBe(200);
    const mine = await alice.request("GET", "/api/lists/list");
    expect(mine.body.data.map((l: { id: string }) => l.id)).toEqual([listId]);
    expect(mine.body.data[0].feedIds.sort()).toEqual([feedA, feedB].sort());
  });

  it("refuses every change by someone else (8001) and leaves the list as it was", async () => {
    const before = (await alice.request("GET", `/api/lists?listId=${listId}`)).body.data;
    const attempts = [
      bob.request("PATCH", "/api/lists", { json: { listId, title: "Mine now" } }),
      bob.request("DELETE", "/api/lists", { json: { listId } }),
      bob.request("POST", "/api/lists/feeds", { json: { listId, feedId: feedA } }),
      bob.request("DELETE", "/api/lists/feeds", { json: { listId, feedId: feedA } }),
    ];
    for (const answer of await Promise.all(attempts)) {
      expect(answer.status).toBe(403);
      expect(answer.body.code).toBe(8001);
    }
    const after = (await alice.request("GET", `/api/lists?listId=${listId}`)).body.data;
    expect(after).toEqual(before);
    const missing = await bob.request("GET", "/api/lists?listId=1234567890123456789");
    expect(missing.body.code).toBe(8000);
  });

  it("shows the list to others, who follow it and read its timeline in the list's view", async () => {
    const page = await bob.request("GET", `/api/lists?listId=${listId}`);
    expect(page.body.data).toMatchObject({
      owner: { name: "Alice" },
      feedCount: 2,
      subscriptionCount: 0,
      subscribed: false,
    });
    const followed = await bob.request("POST", "/api/subscriptions", { json: { listId } });
    expect(followed.status).toBe(200);
    expect(followed.body.feed).toBeNull();
    expect(followed.body.list.id).toBe(listId);
    expect(followed.body.unread[listId]).toBe(2 * ENTRIES);

    const subscriptions = (await bob.request("GET", "/api/subscriptions")).body.data;
    expect(subscriptions).toHaveLength(1);
    expect(subscriptions[0]).toMatchObject({ listId, view: 1 });
    expect(subscriptions[0].lists.feedIds).toHaveLength(2);

    // Paging like any timeline: publishedAfter is the last item's publishedAt.
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page++) {
      const answer = await bob.request("POST", "/api/entries", {
        json: { listId, limit: 3, ...(cursor ? { publishedAfter: cursor } : {}) },
      });
      const items = answer.body.data;
      for (const item of items) {
        expect(item.view).toBe(1);
        expect(item.read).toBe(false);
        seen.push(item.entries.id);
      }
      if (items.length < 3) break;
      cursor = items.at(-1).entries.publishedAt;
    }
    expect(new Set(seen).size).toBe(2 * ENTRIES);
    const one = await bob.request("GET", `/api/entries?id=${seen[0]}`);
    expect(one.status).toBe(200);

    const unread = (await bob.request("GET", "/api/reads")).body.data;
    expect(unread[listId]).toBe(2 * ENTRIES);
    const read = await bob.request("POST", "/api/reads/all", { json: { listId } });
    expect(Object.values(read.body.data.read).reduce((a: number, b) => a + (b as number), 0)).toBe(
      2 * ENTRIES,
    );
    expect((await bob.request("GET", "/api/reads")).body.data[listId]).toBeUndefined();
    // Alice's own unread marks did not move.
    expect((await alice.request("GET", "/api/reads")).body.data[feedA]).toBe(ENTRIES);
  });

  it("keeps a followed list from being deleted (8004) until nobody follows it", async () => {
    const refused = await alice.request("DELETE", "/api/lists", { json: { listId } });
    expect(refused.body.code).toBe(8004);
    expect((await bob.request("DELETE", "/api/subscriptions", { json: { listId } })).status).toBe(
      200,
    );
    expect((await bob.request("GET", "/api/subscriptions")).body.data).toEqual([]);
    expect((await alice.request("DELETE", "/api/lists", { json: { listId } })).status).toBe(200);
    expect((await alice.request("GET", `/api/lists?listId=${listId}`)).body.code).toBe(8000);
  });

  it("refuses to follow a list with a fee when the balance does not cover it (4002)", async () => {
    const paid = await alice.request("POST", "/api/lists", {
      json: { title: "Paid", view: 0, fee: 10 },
    });
    const answer = await bob.request("POST", "/api/subscriptions", {
      json: { listId: paid.body.data.id },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe(4002);
    expect((await bob.request("GET", "/api/subscriptions")).body.data).toEqual([]);
  });
});

describe("list limits set by the operator (sqlite)", () => {
  let server: TestServer;
  let feeds: FeedServer;
  let client: TestClient;
  beforeAll(async () => {
    feeds = await new FeedServer().start();
    server = await startTestServer("sqlite", {
      MAX_LISTS_PER_USER: "1",
      MAX_FEEDS_PER_LIST: "1",
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      INGEST_POLL_SECONDS: "3600",
    });
    client = new TestClient(server.localUrl);
    await client.signUp(uniqueEmail("limits"));
  });
  afterAll(async () => {
    await server?.close();
    await feeds?.stop();
  });

  it("refuses a list or a feed over the limits with 8002", async () => {
    const ids: string[] = [];
    for (const name of ["x", "y"]) {
      const url = feeds.serve(`/${name}.xml`, rssFeed(name, [{ guid: name, title: name }]));
      ids.push(
        (await client.request("POST", "/api/subscriptions", { json: { url } })).body.feed.id,
      );
    }
    const first = await client.request("POST", "/api/lists", { json: { title: "One", view: 0 } });
    expect(first.status).toBe(200);
    const second = await client.request("POST", "/api/lists", { json: { title: "Two", view: 0 } });
    expect(second.body.code).toBe(8002);
    const listId = first.body.data.id;
    expect(
      (await client.request("POST", "/api/lists/feeds", { json: { listId, feedId: ids[0] } }))
        .status,
    ).toBe(200);
    const over = await client.request("POST", "/api/lists/feeds", {
      json: { listId, feedId: ids[1] },
    });
    expect(over.body.code).toBe(8002);
  });
});
