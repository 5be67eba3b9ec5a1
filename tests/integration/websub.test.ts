import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFetcher } from "../../server/ingest/guarded-fetch.ts";
import type { Logger } from "../../server/logger.ts";
import { sign } from "../../server/websub/signature.ts";
import { findWebSubOfFeed, updateWebSub } from "../../server/websub/store.ts";
import { startWebSub } from "../../server/websub/subscriber.ts";
import { FeedServer } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";
import { forgetLastCheck, withServerDatabase } from "../support/server-database.ts";
import { WebSubHub } from "../support/websub-hub.ts";

/** A port free right now, so PUBLIC_URL (the callbacks' base) can name it before the start. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 5_000) {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe.each(DIALECTS)("WebSub on %s", (dialect) => {
  let server: TestServer;
  let hub: WebSubHub;
  let feeds: FeedServer;
  let reader: TestClient;
  let topic: string;
  let feedId: string;
  let publicUrl: string;
  const posts: Array<{ id: string; title: string }> = [{ id: "p1", title: "First post" }];

  const atom = () => `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>Pushed blog</title><id>urn:pushed</id>
<updated>2026-01-01T00:00:00Z</updated>
<link rel="hub" href="${hub.url}"/><link rel="self" href="${topic}"/>
${posts
  .map(
    (p, i) => `<entry><id>urn:${p.id}</id><title>${p.title}</title>
<link href="https://example.com/${p.id}"/><updated>2026-01-0${i + 1}T00:00:00Z</updated>
<content type="html">&lt;p&gt;${p.title}&lt;/p&gt;</content></entry>`,
  )
  .join("\n")}</feed>`;

  const titles = async () =>
    (await reader.request("POST", "/api/entries", { json: { feedId } })).body.data.map(
      (d: { entries: { title: string } }) => d.entries.title,
    ) as string[];

  beforeAll(async () => {
    hub = await new WebSubHub().start();
    feeds = await new FeedServer().start();
    topic = feeds.serve("/pushed.xml", () => atom(), "application/atom+xml");
    const port = await freePort();
    publicUrl = `http://127.0.0.1:${port}`;
    server = await startTestServer(dialect, {
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      AUTH_RATE_LIMIT_MAX: "1000",
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      INGEST_POLL_SECONDS: "3600",
    });
    reader = new TestClient(server.localUrl);
    await reader.signUp(uniqueEmail("reader"));
    const subscribed = await reader.request("POST", "/api/subscriptions", { json: { url: topic } });
    expect(subscribed.status, subscribed.text).toBe(200);
    feedId = subscribed.body.feed.id;
    // Subscribing found the hub in the first fetch and asked it to push.
    await until("the hub to verify the subscription", async () =>
      hub.subscribersOf(topic).length === 1 ? true : undefined,
    );
    // A later full fetch (the feed changed) does not ask again while the subscription stands.
    posts.unshift({ id: "p0", title: "Second post" });
    await forgetLastCheck(server, feedId);
    const refreshed = await reader.request("GET", `/api/feeds/refresh?id=${feedId}`);
    expect(refreshed.body.data.ok).toBe(true);
    expect(hub.requests).toHaveLength(1);
  });
  afterAll(async () => {
    await server?.close();
    await hub?.stop();
    await feeds?.stop();
  });

  it("subscribes at the feed's hub with a secret and a lease, verified by the challenge", () => {
    const [subscription] = hub.subscribersOf(topic);
    expect(subscription!.secret?.length).toBeGreaterThanOrEqual(32);
    expect(subscription!.callback).toMatch(/\/api\/websub\/[A-Za-z0-9_-]{32}$/);
    expect(hub.requests.at(-1)!["hub.lease_seconds"]).toBe(String(10 * 86_400));
  });

  it("an entry published at the hub appears in the subscriber's timeline within 2 s", async () => {
    expect(await titles()).toEqual(["Second post", "First post"]);
    posts.unshift({ id: "p2", title: "Pushed post" });
    await hub.publish(topic);
    expect(hub.deliveries.at(-1)).toBe(202);
    const seen = await until(
      "the pushed entry",
      async () => {
        const now = await titles();
        return now.includes("Pushed post") ? now : undefined;
      },
      2_000,
    );
    expect(seen).toContain("Pushed post");
  });

  it("stores nothing unsigned or wrongly signed, and knows no other callback", async () => {
    const { callback, secret } = hub.subscribersOf(topic)[0]!;
    posts.unshift({ id: "p3", title: "Third post" });
    const body = atom();
    const unsigned = await fetch(callback, {
      method: "POST",
      headers: { "content-type": "application/atom+xml" },
      body,
    });
    const wrong = await fetch(callback, {
      method: "POST",
      headers: {
        "content-type": "application/atom+xml",
        "x-hub-signature": sign("sha256", body, `${secret}x`),
      },
      body,
    });
    // Acknowledged as WebSub requires, then ignored.
    expect([unsigned.status, wrong.status]).toEqual([202, 202]);
    expect(await titles()).not.toContain("Third post");
    // A correct SHA-1 signature is accepted too.
    const right = await fetch(callback, {
      method: "POST",
      headers: {
        "content-type": "application/atom+xml",
        "x-hub-signature": sign("sha1", body, secret!),
      },
      body,
    });
    expect(right.status).toBe(202);
    expect(await titles()).toContain("Third post");

    const elsewhere = callback.replace(/[^/]+$/, "A".repeat(32));
    expect((await fetch(elsewhere, { method: "POST", body })).status).toBe(410);
    const challenge = new URL(callback);
    challenge.searchParams.set("hub.mode", "subscribe");
    challenge.searchParams.set("hub.topic", "https://other.example/feed");
    challenge.searchParams.set("hub.challenge", "abc");
    expect((await fetch(challenge)).status).toBe(404);
  });

  it("renews its lease before it ends, and hands the feed back to polling when the hub goes silent", async () => {
    const quiet = { info() {}, warn() {}, error() {} } as unknown as Logger;
    const fetcher = createFetcher({ allowPrivateNetworks: true });
    const [before] = hub.subscribersOf(topic);
    const asked = hub.requests.length;
    try {
      await withServerDatabase(server, async (database) => {
        const options = { callbackBase: `${publicUrl}/api/websub` };
        const now = startWebSub(database, fetcher, quiet, options);
        // A fresh 10-day lease is not due; nine and a half days on, it is.
        expect(await now.renewDue()).toBe(0);
        expect(await now.pushActive(feedId)).toBe(true);
        const later = startWebSub(database, fetcher, quiet, {
          ...options,
          clock: () => Date.now() + 9.5 * 86_400_000,
        });
        expect(await later.renewDue()).toBe(1);
        await until("the renewal to be verified", async () =>
          (hub.subscribersOf(topic)[0]?.verifiedAt ?? 0) > before!.verifiedAt ? true : undefined,
        );
        expect(hub.requests).toHaveLength(asked + 1);
        expect(hub.requests.at(-1)!["hub.callback"]).toBe(before!.callback);

        // An hour after its last delivery, a poll finds an entry the hub never pushed.
        const hourOn = startWebSub(database, fetcher, quiet, {
          ...options,
          clock: () => Date.now() + 3_600_000,
        });
        await hourOn.onPollFoundNew(feedId);
        expect(await now.pushActive(feedId)).toBe(false);
      });
    } finally {
      await fetcher.close();
    }
  });

  it("tells the hub to stop once nobody follows the feed, and forgets the callback", async () => {
    const quiet = { info() {}, warn() {}, error() {} } as unknown as Logger;
    const fetcher = createFetcher({ allowPrivateNetworks: true });
    const [held] = hub.subscribersOf(topic);
    try {
      await withServerDatabase(server, async (database) => {
        const webSub = startWebSub(database, fetcher, quiet, {
          callbackBase: `${publicUrl}/api/websub`,
        });
        // As if the hub were still delivering (the test before this one made it silent).
        const row = await findWebSubOfFeed(database, feedId);
        await updateWebSub(database, row!.id, { state: "active" });
        expect(await webSub.releaseUnfollowed()).toBe(0);

        const left = await reader.request("DELETE", "/api/subscriptions", { json: { feedId } });
        expect(left.status, left.text).toBe(200);
        expect(await webSub.releaseUnfollowed()).toBe(1);
        expect(hub.requests.at(-1)).toMatchObject({
          "hub.mode": "unsubscribe",
          "hub.callback": held!.callback,
          "hub.topic": topic,
        });
        await until("the hub to confirm the unsubscription", async () =>
          hub.subscribersOf(topic).length === 0 &&
          (await findWebSubOfFeed(database, feedId)) === undefined
            ? true
            : undefined,
        );
        // Nothing is renewed for it, and a late delivery is told the callback is gone.
        expect(await webSub.renewDue()).toBe(0);
        const late = await fetch(held!.callback, { method: "POST", body: "<feed/>" });
        expect(late.status).toBe(410);
      });
    } finally {
      await fetcher.close();
    }
  });
});
