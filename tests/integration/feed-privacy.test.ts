import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { composeId } from "../../contract/ids.ts";
import { ID_SCAN_BUDGET } from "../../server/http/id-scan-limiter.ts";
import { FeedServer, rssFeed } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";

const TOKEN = "s3cr3t-t0ken-of-alice";

/**
 * Issue 10, M1: Bob, signed in, must not learn Alice's private feed URL by its id, nor see her
 * in read histories of a feed she subscribes to privately, nor scan ids at speed.
 */
describe.each(DIALECTS)("feed privacy across users on %s", (dialect) => {
  let server: TestServer;
  let feeds: FeedServer;
  let alice: TestClient;
  let bob: TestClient;
  let bobId: string;
  let secretUrl: string;
  let secretFeedId: string;
  let publicUrl: string;
  let publicFeedId: string;
  let publicEntryId: string;

  const items = (prefix: string) =>
    Array.from({ length: 3 }, (_, i) => ({
      guid: `${prefix}${i}`,
      title: `${prefix.toUpperCase()}${i}`,
      date: new Date(Date.UTC(2026, 0, 1 + i)),
    }));

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    server = await startTestServer(dialect, {
      AUTH_RATE_LIMIT_MAX: "1000",
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      INGEST_POLL_SECONDS: "3600",
    });
    feeds.serve("/private.xml", rssFeed("Alice's paid podcast", items("p")));
    secretUrl = `${feeds.url("/private.xml")}?token=${TOKEN}`;
    publicUrl = feeds.serve("/public.xml", rssFeed("Public news", items("n")));
    alice = new TestClient(server.localUrl);
    bob = new TestClient(server.localUrl);
    await alice.signUp(uniqueEmail("alice-m1"));
    bobId = (await bob.signUp(uniqueEmail("bob-m1"))).body.user.id;
    const secret = await alice.request("POST", "/api/subscriptions", {
      json: { url: secretUrl, view: 0, isPrivate: true },
    });
    expect(secret.status).toBe(200);
    secretFeedId = secret.body.feed.id;
    const open = await alice.request("POST", "/api/subscriptions", {
      json: { url: publicUrl, view: 0, isPrivate: true },
    });
    publicFeedId = open.body.feed.id;
    const list = await alice.request("POST", "/api/entries", { json: { feedId: publicFeedId } });
    publicEntryId = list.body.data[0].entries.id;
  });
  afterAll(async () => {
    await server?.close();
    await feeds?.stop();
  });

  it("does not show a non-subscriber the feed by id: 2001, as if it did not exist", async () => {
    const byBob = await bob.request("GET", `/api/feeds?id=${secretFeedId}&entriesLimit=5`);
    expect(byBob.status).toBe(404);
    expect(byBob.body.code).toBe(2001);
    expect(byBob.text).not.toContain(TOKEN);
    expect(byBob.text).not.toContain("Alice's paid podcast");
    // Asked by its full URL, it is found: whoever has the URL has the secret.
    const byUrl = await bob.request("GET", `/api/feeds?url=${encodeURIComponent(secretUrl)}`);
    expect(byUrl.body.data.feed.id).toBe(secretFeedId);

    // The subscriber herself sees everything.
    const byAlice = await alice.request("GET", `/api/feeds?id=${secretFeedId}&entriesLimit=5`);
    expect(byAlice.body.data.feed.url).toBe(secretUrl);
    expect(byAlice.body.data.entries).toHaveLength(3);

    // A feed without a credential stays fully viewable by id.
    const open = await bob.request("GET", `/api/feeds?id=${publicFeedId}&entriesLimit=5`);
    expect(open.body.data.feed.url).toBe(publicUrl);
    expect(open.body.data.entries).toHaveLength(3);
  });

  it("does not let a non-subscriber subscribe to it by id", async () => {
    for (const json of [
      { feedId: secretFeedId },
      { feedId: secretFeedId, url: publicUrl },
      { feedId: secretFeedId, url: feeds.url("/private.xml") },
    ]) {
      const response = await bob.request("POST", "/api/subscriptions", { json });
      expect(response.status, JSON.stringify(json)).toBe(404);
      expect(response.body.code).toBe(2001);
      expect(response.text).not.toContain(TOKEN);
      // The same answer as for an id nobody holds: the refusal confirms nothing.
      const unknown = await bob.request("POST", "/api/subscriptions", {
        json: { ...json, feedId: composeId(Date.now() - 90_000, 11, 1) },
      });
      expect(response.body).toEqual(unknown.body);
    }
    expect((await bob.request("GET", "/api/subscriptions")).body.data).toEqual([]);
  });

  it("keeps the redacted URL on starred entries once the subscription is gone", async () => {
    const carol = new TestClient(server.localUrl);
    await carol.signUp(uniqueEmail("carol-m1"));
    // Carol knows the URL (it was shared with her), subscribes, stars, and leaves.
    const sub = await carol.request("POST", "/api/subscriptions", { json: { url: secretUrl } });
    expect(sub.body.feed.url).toBe(secretUrl);
    const list = await carol.request("POST", "/api/entries", { json: { feedId: secretFeedId } });
    const entryId = list.body.data[0].entries.id as string;
    await carol.request("POST", "/api/collections", { json: { entryId } });
    await carol.request("DELETE", "/api/subscriptions", { json: { feedId: secretFeedId } });

    const stars = await carol.request("POST", "/api/entries", { json: { isCollection: true } });
    expect(stars.body.data).toHaveLength(1);
    expect(stars.body.data[0].feeds.url).toBe(`${feeds.url("/private.xml")}?token=redacted`);
    const one = await carol.request("GET", `/api/entries?id=${entryId}`);
    expect(one.body.data.feeds.url).toBe(`${feeds.url("/private.xml")}?token=redacted`);
    expect(stars.text + one.text).not.toContain(TOKEN);
    // Alice's own stars still show her the full URL.
    await alice.request("POST", "/api/collections", { json: { entryId } });
    const hers = await alice.request("POST", "/api/entries", { json: { isCollection: true } });
    expect(hers.body.data[0].feeds.url).toBe(secretUrl);
  });

  it("never lists a reader whose subscription is private", async () => {
    await alice.request("POST", "/api/reads", { json: { entryIds: [publicEntryId] } });
    await bob.request("POST", "/api/subscriptions", { json: { url: publicUrl } });
    await bob.request("POST", "/api/reads", { json: { entryIds: [publicEntryId] } });
    const history = async (who: TestClient) =>
      (await who.request("GET", `/api/entries/read-histories/${publicEntryId}`)).body.data;

    const bobSees = await history(bob);
    expect(bobSees.entryReadHistories.userIds).toEqual([bobId]);
    expect(bobSees.total).toBe(1);
    expect(Object.keys(bobSees.users)).toEqual([bobId]);
    expect((await history(alice)).total).toBe(1);

    // Made public, Alice's read shows.
    await alice.request("PATCH", "/api/subscriptions", {
      json: { feedId: publicFeedId, isPrivate: false },
    });
    expect((await history(bob)).total).toBe(2);
    await alice.request("PATCH", "/api/subscriptions", {
      json: { feedId: publicFeedId, isPrivate: true },
    });
    expect((await history(bob)).entryReadHistories.userIds).toEqual([bobId]);
  });

  it("rate-limits lookups by id of feeds the user does not subscribe to", async () => {
    const mallory = new TestClient(server.localUrl);
    await mallory.signUp(uniqueEmail("mallory-m1"));
    await mallory.request("POST", "/api/subscriptions", { json: { url: publicUrl } });
    const base = Date.now() - 60_000;
    const statuses: number[] = [];
    let limited: Awaited<ReturnType<TestClient["request"]>> | undefined;
    for (let i = 0; i < ID_SCAN_BUDGET.capacity + 10; i++) {
      const response = await mallory.request("GET", `/api/feeds?id=${composeId(base, 7, i)}`);
      statuses.push(response.status);
      if (response.status === 429) limited ??= response;
    }
    // The burst is served (unknown ids: 404), then the scan is refused.
    expect(statuses.slice(0, 20).every((s) => s === 404)).toBe(true);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(5);
    expect(limited?.body.code).toBe(12000);
    expect(Number(limited?.headers.get("retry-after"))).toBeGreaterThan(0);
    // Subscribing by id counts too; the user's own feeds never do.
    const byId = await mallory.request("POST", "/api/subscriptions", {
      json: { feedId: secretFeedId },
    });
    expect(byId.status).toBe(429);
    const own = await mallory.request("GET", `/api/feeds?id=${publicFeedId}`);
    expect(own.status).toBe(200);
    // Other users keep their own budget.
    expect((await bob.request("GET", `/api/feeds?id=${composeId(base, 8, 1)}`)).status).toBe(404);
  });

  it("keeps a private feed out of others' lists, and out of every list's readers who lack it", async () => {
    const dave = new TestClient(server.localUrl);
    await dave.signUp(uniqueEmail("dave-lists"));
    const mine = await dave.request("POST", "/api/lists", { json: { title: "Dave's", view: 0 } });
    const listId = mine.body.data.id;
    // By id alone, a feed whose URL holds a secret is for its subscribers: 2001, as if missing.
    for (const json of [
      { listId, feedId: secretFeedId },
      { listId, feedIds: [publicFeedId, secretFeedId] },
    ]) {
      const added = await dave.request("POST", "/api/lists/feeds", { json });
      expect(added.status, JSON.stringify(json)).toBe(404);
      expect(added.body.code).toBe(2001);
    }
    expect((await dave.request("GET", `/api/lists?listId=${listId}`)).body.data.feedCount).toBe(0);

    // Alice may put her own private feed in her list; its followers still do not read it.
    const hers = await alice.request("POST", "/api/lists", { json: { title: "Alice's", view: 0 } });
    const aliceList = hers.body.data.id;
    const added = await alice.request("POST", "/api/lists/feeds", {
      json: { listId: aliceList, feedIds: [secretFeedId, publicFeedId] },
    });
    expect(added.status).toBe(200);
    const titlesOf = (answer: { body: { data: Array<{ entries: { title: string } }> } }) =>
      answer.body.data.map((item) => item.entries.title).sort();
    expect(
      titlesOf(await alice.request("POST", "/api/entries", { json: { listId: aliceList } })),
    ).toEqual(["N0", "N1", "N2", "P0", "P1", "P2"]);
    const followed = await dave.request("POST", "/api/subscriptions", {
      json: { listId: aliceList },
    });
    expect(followed.body.unread[aliceList]).toBe(3);
    const timeline = await dave.request("POST", "/api/entries", {
      json: { listId: aliceList, withContent: true },
    });
    expect(titlesOf(timeline)).toEqual(["N0", "N1", "N2"]);
    const page = await dave.request("GET", `/api/lists?listId=${aliceList}`);
    // Its page does not list the private feed at all (Alice, subscribed, sees both).
    expect(page.body.data.list.feedIds).toEqual([publicFeedId]);
    expect(page.text).not.toContain("Alice's paid podcast");
    const herPage = await alice.request("GET", `/api/lists?listId=${aliceList}`);
    expect(herPage.body.data.feedCount).toBe(2);
    const privateEntry = (
      await alice.request("POST", "/api/entries", { json: { feedId: secretFeedId } })
    ).body.data[0].entries.id;
    const one = await dave.request("GET", `/api/entries?id=${privateEntry}`);
    expect(one.body.code).toBe(3000);
    expect(timeline.text + page.text + one.text).not.toContain(TOKEN);
  });

  it("treats a feed URL with any query as private, whatever its parameters are called", async () => {
    const oddUrl = `${feeds.url("/odd.xml")}?k2=Zx81Qp`;
    feeds.serve("/odd.xml", rssFeed("Odd", items("o")));
    const sub = await alice.request("POST", "/api/subscriptions", {
      json: { url: oddUrl, isPrivate: true },
    });
    const byBob = await bob.request("GET", `/api/feeds?id=${sub.body.feed.id}&entriesLimit=5`);
    expect(byBob.body.code).toBe(2001);
    expect(byBob.text).not.toContain("Zx81Qp");
    // A star outliving the subscription shows the URL with every query value redacted.
    const entryId = (
      await alice.request("POST", "/api/entries", { json: { feedId: sub.body.feed.id } })
    ).body.data[0].entries.id;
    await alice.request("POST", "/api/collections", { json: { entryId } });
    await alice.request("DELETE", "/api/subscriptions", { json: { feedId: sub.body.feed.id } });
    const stars = await alice.request("POST", "/api/entries", { json: { isCollection: true } });
    const starred = stars.body.data.find(
      (item: { entries: { id: string } }) => item.entries.id === entryId,
    );
    expect(starred.feeds.url).toBe(`${feeds.url("/odd.xml")}?k2=redacted`);
  });

  it("budgets feed ids added to a list like lookups by id", async () => {
    const eve = new TestClient(server.localUrl);
    await eve.signUp(uniqueEmail("eve-lists"));
    const list = await eve.request("POST", "/api/lists", { json: { title: "Scan", view: 0 } });
    const listId = list.body.data.id;
    const base = Date.now() - 120_000;
    const statuses: number[] = [];
    for (let i = 0; i < ID_SCAN_BUDGET.capacity + 10; i++) {
      const answer = await eve.request("POST", "/api/lists/feeds", {
        json: { listId, feedId: composeId(base, 9, i) },
      });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 404)).toBe(true);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(5);
    // Many ids in one call cost one each: one call past the whole budget is refused.
    const frank = new TestClient(server.localUrl);
    await frank.signUp(uniqueEmail("frank-lists"));
    const his = await frank.request("POST", "/api/lists", { json: { title: "Batch", view: 0 } });
    const many = await frank.request("POST", "/api/lists/feeds", {
      json: {
        listId: his.body.data.id,
        feedIds: Array.from({ length: ID_SCAN_BUDGET.capacity + 1 }, (_, i) =>
          composeId(base, 10, i),
        ),
      },
    });
    expect(many.status).toBe(429);
    expect(many.body.code).toBe(12000);
  });
});
