import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FeedServer, rssFeed } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";

const ENTRIES = 6;

/** An entry is read or unread once per person, whichever way (feed, list) it reaches them. */
describe.each(DIALECTS)("reading state across feeds and lists on %s", (dialect) => {
  let server: TestServer;
  let feeds: FeedServer;
  let reader: TestClient;
  let curator: TestClient;

  const serve = (name: string) =>
    feeds.serve(
      `/${name}.xml`,
      rssFeed(
        `Feed ${name}`,
        Array.from({ length: ENTRIES }, (_, i) => ({
          guid: `${name}${i}`,
          title: `${name} ${i}`,
          date: new Date(Date.UTC(2026, 0, 1 + i)),
        })),
      ),
    );

  const entryIdsOf = async (client: TestClient, json: Record<string, unknown>) =>
    (await client.request("POST", "/api/entries", { json })).body.data.map(
      (d: { entries: { id: string } }) => d.entries.id,
    ) as string[];
  const unread = async () => (await reader.request("GET", "/api/reads")).body.data;

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    server = await startTestServer(dialect, {
      AUTH_RATE_LIMIT_MAX: "1000",
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      INGEST_POLL_SECONDS: "3600",
    });
    reader = new TestClient(server.localUrl);
    curator = new TestClient(server.localUrl);
    await reader.signUp(uniqueEmail("reader"));
    await curator.signUp(uniqueEmail("curator"));
  });
  afterAll(async () => {
    await server?.close();
    await feeds?.stop();
  });

  it("following a list that holds a feed you read keeps it read", async () => {
    const feedId = (
      await reader.request("POST", "/api/subscriptions", { json: { url: serve("f") } })
    ).body.feed.id;
    const ids = await entryIdsOf(reader, { feedId });
    expect(ids).toHaveLength(ENTRIES);
    await reader.request("POST", "/api/reads", { json: { entryIds: ids.slice(0, 4) } });
    expect((await unread())[feedId]).toBe(ENTRIES - 4);

    const list = await reader.request("POST", "/api/lists", { json: { title: "Mine", view: 0 } });
    const listId = list.body.data.id;
    await reader.request("POST", "/api/lists/feeds", { json: { listId, feedId } });
    const followed = await reader.request("POST", "/api/subscriptions", { json: { listId } });
    expect(followed.status, followed.text).toBe(200);

    const counts = await unread();
    expect(counts[feedId]).toBe(ENTRIES - 4);
    expect(counts[listId]).toBe(ENTRIES - 4);
    const stillUnread = await entryIdsOf(reader, { feedId, read: false });
    expect(stillUnread.sort()).toEqual(ids.slice(4).sort());
  });

  it("a feed added to a followed list keeps what was read", async () => {
    const feedId = (
      await reader.request("POST", "/api/subscriptions", { json: { url: serve("g") } })
    ).body.feed.id;
    const ids = await entryIdsOf(reader, { feedId });
    const list = await curator.request("POST", "/api/lists", {
      json: { title: "Theirs", view: 0 },
    });
    const listId = list.body.data.id;
    await reader.request("POST", "/api/subscriptions", { json: { listId } });
    await reader.request("POST", "/api/reads/all", { json: { feedId } });
    // The curator follows the same public feed and adds it to the list the reader follows.
    await curator.request("POST", "/api/subscriptions", { json: { url: serve("g") } });
    expect(
      (await curator.request("POST", "/api/lists/feeds", { json: { listId, feedId } })).status,
    ).toBe(200);
    const counts = await unread();
    expect(counts[feedId]).toBeUndefined();
    expect(counts[listId]).toBeUndefined();
    expect(ids).toHaveLength(ENTRIES);
  });

  it("subscribing to a feed read through a list keeps it read", async () => {
    const url = serve("h");
    const feedId = (await curator.request("POST", "/api/subscriptions", { json: { url } })).body
      .feed.id;
    const list = await curator.request("POST", "/api/lists", {
      json: { title: "Shared", view: 0 },
    });
    const listId = list.body.data.id;
    await curator.request("POST", "/api/lists/feeds", { json: { listId, feedId } });
    await reader.request("POST", "/api/subscriptions", { json: { listId } });
    const ids = await entryIdsOf(reader, { listId });
    expect(ids).toHaveLength(ENTRIES);
    await reader.request("POST", "/api/reads", { json: { entryIds: ids.slice(0, 2) } });
    expect((await unread())[listId]).toBe(ENTRIES - 2);
    // Reached only through the list, the feed is counted under its own id too.
    expect((await unread())[feedId]).toBe(ENTRIES - 2);

    const direct = await reader.request("POST", "/api/subscriptions", { json: { url } });
    expect(direct.body.unread[feedId]).toBe(ENTRIES - 2);
    expect((await unread())[feedId]).toBe(ENTRIES - 2);
  });

  it("a new feed starts with as many unread entries as the person's setting says", async () => {
    const other = new TestClient(server.localUrl);
    await other.signUp(uniqueEmail("few"));
    const saved = await other.request("PATCH", "/api/settings/general", {
      json: { newFeedUnread: "0" },
    });
    expect(saved.status, saved.text).toBe(200);
    const none = await other.request("POST", "/api/subscriptions", { json: { url: serve("n") } });
    expect(none.body.unread[none.body.feed.id]).toBe(0);
    await other.request("PATCH", "/api/settings/general", { json: { newFeedUnread: "20" } });
    const some = await other.request("POST", "/api/subscriptions", { json: { url: serve("s") } });
    expect(some.body.unread[some.body.feed.id]).toBe(ENTRIES);
  });
});
