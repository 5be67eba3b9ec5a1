import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyFromMailDirectory } from "../support/accounts.ts";
import { FeedServer, rssFeed } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { browserKeys, decryptPush, PushReceiver } from "../support/push-receiver.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";

type Item = { guid: string; title: string; date: Date };

/**
 * "Notify on new entries" set on a subscription (no action rule): each new entry of the feed is
 * pushed to the user's browsers, through a local push service that decrypts every message.
 */
describe.each(DIALECTS)("per-subscription notifications on %s", (dialect) => {
  let server: TestServer;
  let feeds: FeedServer;
  let pushes: PushReceiver;
  let alice: TestClient;
  let bob: TestClient;
  const aliceBrowser = browserKeys();
  const bobBrowser = browserKeys();
  let items: Item[] = [{ guid: "old", title: "Old news", date: new Date(Date.UTC(2026, 0, 1)) }];
  let feedId: string;
  let day = 2;
  // Refreshing a feed on demand is an administrator's call.
  const aliceEmail = uniqueEmail("notify-alice");
  const item = (title: string): Item => ({
    guid: title,
    title,
    date: new Date(Date.UTC(2026, 0, day++)),
  });

  /** Alice's messages, decrypted with her browser's keys. */
  const aliceMessages = () =>
    pushes.received
      .filter((m) => m.path === "/alice")
      .map((m) => JSON.parse(decryptPush(m.body, aliceBrowser)));

  async function publish(...titles: string[]) {
    items = [...titles.map(item), ...items];
    const refreshed = await alice.request("GET", `/api/feeds/refresh?id=${feedId}`);
    expect(refreshed.status).toBe(200);
  }

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    pushes = await new PushReceiver().start();
    server = await startTestServer(dialect, {
      AUTH_RATE_LIMIT_MAX: "1000",
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      INGEST_POLL_SECONDS: "3600",
      DAILY_REPORT_CHECK_SECONDS: "0",
      ADMIN_EMAILS: aliceEmail,
    });
    alice = new TestClient(server.localUrl);
    bob = new TestClient(server.localUrl);
    await alice.signUp(aliceEmail);
    // ADMIN_EMAILS makes an admin once the address is verified.
    await verifyFromMailDirectory(server, alice, aliceEmail);
    await bob.signUp(uniqueEmail("notify-bob"));
    const url = feeds.serve("/notify.xml", () => rssFeed("Notify feed", items));
    feedId = (await alice.request("POST", "/api/subscriptions", { json: { url, view: 0 } })).body
      .feed.id;
    await bob.request("POST", "/api/subscriptions", { json: { url, view: 0 } });
    for (const [client, path, keys] of [
      [alice, "/alice", aliceBrowser],
      [bob, "/bob", bobBrowser],
    ] as const) {
      const added = await client.request("POST", "/api/push/subscriptions", {
        json: {
          endpoint: `${pushes.baseUrl}${path}`,
          keys: { p256dh: keys.p256dh, auth: keys.auth },
        },
      });
      expect(added.body.code).toBe(0);
    }
  });
  afterAll(async () => {
    await server?.close();
    await feeds?.stop();
    await pushes?.stop();
  });

  it("is off by default, and only the subscriber can turn it on", async () => {
    const feed = await alice.request("GET", `/api/feeds?id=${feedId}`);
    expect(feed.body.data.subscription.notify).toBe(false);
    await publish("Before notify");
    // Nobody asked for anything: no push at all.
    expect(pushes.received).toHaveLength(0);

    const on = await alice.request("PATCH", "/api/subscriptions", {
      json: { feedId, notify: true },
    });
    expect(on.body.code).toBe(0);
    expect(
      (await alice.request("GET", `/api/feeds?id=${feedId}`)).body.data.subscription.notify,
    ).toBe(true);
    // The subscription list says so too (the desktop app announces those feeds itself).
    const listed = await alice.request("GET", "/api/subscriptions");
    expect(listed.body.data.find((s: { feedId: string }) => s.feedId === feedId).notify).toBe(true);
    // Bob's subscription stays off; a user who does not subscribe cannot set it.
    expect(
      (await bob.request("GET", `/api/feeds?id=${feedId}`)).body.data.subscription.notify,
    ).toBe(false);
    const carol = new TestClient(server.localUrl);
    await carol.signUp(uniqueEmail("notify-carol"));
    const refused = await carol.request("PATCH", "/api/subscriptions", {
      json: { feedId, notify: true },
    });
    expect(refused.body.code).toBe(2001);
    const bad = await alice.request("PATCH", "/api/subscriptions", {
      json: { feedId, notify: "yes" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(1002);
  });

  it("pushes each new entry to the subscriber's browsers, and to no one else", async () => {
    await publish("Comet seen tonight");
    await expect.poll(() => aliceMessages().length, { timeout: 10_000 }).toBe(1);
    expect(aliceMessages()[0]).toMatchObject({ title: "Notify feed", body: "Comet seen tonight" });
    expect(aliceMessages()[0].url).toMatch(new RegExp(`^/timeline/view-0/${feedId}/\\d+$`));
    // Bob's browser got nothing, and Bob's keys cannot read Alice's message.
    expect(pushes.received.filter((m) => m.path === "/bob")).toHaveLength(0);
    expect(() => decryptPush(pushes.received[0]!.body, bobBrowser)).toThrow();
  });

  it("sends one push when a rule also notifies, none when a rule hides the entry", async () => {
    const rules = await alice.request("PUT", "/api/actions", {
      json: {
        rules: [
          {
            name: "Launches",
            condition: [{ field: "entry_title", operator: "contains", value: "launch" }],
            result: { newEntryNotification: true },
          },
          {
            name: "No ads",
            condition: [{ field: "entry_title", operator: "contains", value: "sponsored" }],
            result: { block: true },
          },
        ],
      },
    });
    expect(rules.body.code).toBe(0);
    await publish("Sponsored post", "Rocket launch");
    await expect.poll(() => aliceMessages().length, { timeout: 10_000 }).toBe(2);
    // Settled: the hidden entry never comes, the launch comes once.
    await publish("Marker");
    await expect.poll(() => aliceMessages().length, { timeout: 10_000 }).toBe(3);
    expect(aliceMessages().map((m) => m.body)).toEqual([
      "Comet seen tonight",
      "Rocket launch",
      "Marker",
    ]);
  });

  it("sends the five newest of a burst, and stops once turned off", async () => {
    const burst = Array.from({ length: 8 }, (_, i) => `Burst ${i + 1}`);
    await publish(...burst);
    await expect.poll(() => aliceMessages().length, { timeout: 10_000 }).toBe(8);
    // Each item is dated a day after the one before: "Burst 8" is the newest.
    expect(
      aliceMessages()
        .slice(3)
        .map((m) => m.body)
        .sort(),
    ).toEqual(["Burst 4", "Burst 5", "Burst 6", "Burst 7", "Burst 8"].sort());

    await alice.request("PATCH", "/api/subscriptions", { json: { feedId, notify: false } });
    await publish("After off");
    // A test push is the marker that deliveries after the refresh are done.
    await alice.request("POST", "/api/push/test", { json: {} });
    await expect.poll(() => aliceMessages().length, { timeout: 10_000 }).toBe(9);
    expect(aliceMessages().at(-1)).toMatchObject({ title: "Follow" });
  });
});
