import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FeedServer, rssFeed } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";

/**
 * A list she follows is a subscription a reader app can follow (`feed/folo-list:<id>`): listed,
 * counted, read as a stream, marked through the API as the web app sees it; to someone who
 * does not follow it, the stream is empty.
 */
const FORM = { "content-type": "application/x-www-form-urlencoded" };
const READ = "user/-/state/com.google/read";

describe.each(DIALECTS)("Google Reader API: a followed list on %s", (dialect) => {
  let server: TestServer;
  let feeds: FeedServer;
  let alice: TestClient;
  let listId: string;
  const client = () => new TestClient(server.localUrl);
  const appPassword = async (who: TestClient) => {
    const made = await who.request("POST", "/api/tokens", {
      json: { name: "reader", kind: "app_password", scope: "write" },
    });
    expect(made.status).toBe(200);
    return made.body.data.secret as string;
  };
  const reader = (auth: string, method: string, path: string, body?: string) =>
    client().request(method, `/api/greader${path}`, {
      headers: { authorization: `GoogleLogin auth=${auth}`, ...(body ? FORM : {}) },
      ...(body !== undefined ? { body } : {}),
    });

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    server = await startTestServer(dialect, {
      AUTH_RATE_LIMIT_MAX: "1000",
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      INGEST_POLL_SECONDS: "3600",
    });
    const items = Array.from({ length: 3 }, (_, i) => ({
      guid: `curated-${i}`,
      title: `curated post ${i}`,
      date: new Date(Date.UTC(2026, 4, 1 + i)),
    }));
    const url = feeds.serve("/curated.xml", rssFeed("Curated source", items));
    // Bob curates a list of one public feed; Alice follows the list, not the feed.
    const bob = client();
    await bob.signUp(uniqueEmail("bob-greader-list"));
    const sub = await bob.request("POST", "/api/subscriptions", { json: { url, view: 0 } });
    expect(sub.status).toBe(200);
    const list = await bob.request("POST", "/api/lists", {
      json: { title: "Bob's picks", view: 0, fee: 0 },
    });
    expect(list.status).toBe(200);
    listId = list.body.data.id;
    const added = await bob.request("POST", "/api/lists/feeds", {
      json: { listId, feedId: sub.body.feed.id },
    });
    expect(added.status).toBe(200);
    alice = client();
    await alice.signUp(uniqueEmail("alice-greader-list"));
    const followed = await alice.request("POST", "/api/subscriptions", { json: { listId } });
    expect(followed.status).toBe(200);
  });

  afterAll(async () => {
    await server?.close();
    await feeds?.stop();
  });

  it("lists, counts and streams the list, and a read mark reaches the web app", async () => {
    const auth = await appPassword(alice);
    const stream = `feed/folo-list:${listId}`;
    const subscriptions = await reader(auth, "GET", "/reader/api/0/subscription/list?output=json");
    expect(subscriptions.body.subscriptions).toContainEqual(
      expect.objectContaining({ id: stream, title: "Bob's picks" }),
    );
    const counts = await reader(auth, "GET", "/reader/api/0/unread-count?output=json");
    expect(counts.body.unreadcounts).toContainEqual(
      expect.objectContaining({ id: stream, count: 3 }),
    );

    const contents = await reader(
      auth,
      "GET",
      `/reader/api/0/stream/contents/${encodeURIComponent(stream)}?output=json&n=10&r=o`,
    );
    expect(contents.body.items.map((item: { title: string }) => item.title)).toEqual([
      "curated post 0",
      "curated post 1",
      "curated post 2",
    ]);
    const ids = await reader(
      auth,
      "GET",
      `/reader/api/0/stream/items/ids?output=json&s=${encodeURIComponent(stream)}&xt=${encodeURIComponent(READ)}`,
    );
    const refs = (ids.body.itemRefs as { id: string }[]).map((ref) => ref.id);
    expect(refs).toHaveLength(3);

    const marked = await reader(auth, "POST", "/reader/api/0/edit-tag", `i=${refs[0]}&a=${READ}`);
    expect(marked.text).toBe("OK");
    const web = await alice.request("POST", "/api/entries", { json: { listId, limit: 10 } });
    const read = (web.body.data as { entries: { id: string }; read: boolean }[]).filter(
      (item) => item.read,
    );
    expect(read.map((item) => item.entries.id)).toEqual([refs[0]]);
    const left = await reader(
      auth,
      "GET",
      `/reader/api/0/stream/items/ids?output=json&s=${encodeURIComponent(stream)}&xt=${encodeURIComponent(READ)}`,
    );
    expect(left.body.itemRefs).toHaveLength(2);
  });

  it("shows the list's stream to nobody who does not follow it", async () => {
    const carol = client();
    await carol.signUp(uniqueEmail("carol-greader-list"));
    const auth = await appPassword(carol);
    const stream = encodeURIComponent(`feed/folo-list:${listId}`);
    const contents = await reader(
      auth,
      "GET",
      `/reader/api/0/stream/contents/${stream}?output=json`,
    );
    expect(contents.status).toBe(200);
    expect(contents.body.items).toEqual([]);
    const list = await reader(auth, "GET", "/reader/api/0/subscription/list?output=json");
    expect(list.body.subscriptions).toEqual([]);
  });
});
