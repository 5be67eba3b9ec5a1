import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FeedServer, rssFeed } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { browserKeys, decryptPush, PushReceiver, verifyVapid } from "../support/push-receiver.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";

type Item = { guid: string; title: string; date: Date };

/** Web Push and webhooks from action rules, delivered to receivers on 127.0.0.1. */
describe.each(DIALECTS)("push notifications and webhooks on %s", (dialect) => {
  let server: TestServer;
  let feeds: FeedServer;
  let pushes: PushReceiver;
  let hooks: Server;
  let hookUrl: string;
  const hookCalls: { headers: Record<string, unknown>; body: string }[] = [];
  let hookFailures = 0;
  let alice: TestClient;
  let bob: TestClient;
  const aliceEmail = uniqueEmail("push-admin");
  const aliceBrowser = browserKeys();
  const bobBrowser = browserKeys();
  let items: Item[] = [{ guid: "old", title: "Old", date: new Date(Date.UTC(2026, 0, 1)) }];
  let feedId: string;

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    pushes = await new PushReceiver().start();
    hooks = createServer(async (request, response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      if (hookFailures > 0) {
        hookFailures -= 1;
        return response.writeHead(503).end();
      }
      hookCalls.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      response.writeHead(204).end();
    });
    await new Promise<void>((done) => hooks.listen(0, "127.0.0.1", done));
    hookUrl = `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/hook`;
    server = await startTestServer(dialect, {
      AUTH_RATE_LIMIT_MAX: "1000",
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      INGEST_POLL_SECONDS: "3600",
      ADMIN_EMAILS: aliceEmail,
      VAPID_SUBJECT: "mailto:ops@follow.test",
      WEBHOOK_SECRET: "webhook-secret-for-tests",
    });
    alice = new TestClient(server.localUrl);
    bob = new TestClient(server.localUrl);
    await alice.signUp(aliceEmail);
    await bob.signUp(uniqueEmail("push-bob"));
    const url = feeds.serve("/push.xml", () => rssFeed("Push feed", items));
    feedId = (await alice.request("POST", "/api/subscriptions", { json: { url, view: 0 } })).body
      .feed.id;
    await bob.request("POST", "/api/subscriptions", { json: { url, view: 0 } });
  });
  afterAll(async () => {
    await server?.close();
    await feeds?.stop();
    await pushes?.stop();
    hooks?.closeAllConnections();
    await new Promise((done) => hooks?.close(done));
  });

  it("generates VAPID keys into DATA_DIR once and answers the public key", async () => {
    const stored = JSON.parse(readFileSync(`${server.dataDir}/vapid.json`, "utf8"));
    const answer = await alice.request("GET", "/api/push/key");
    expect(answer.body.data.publicKey).toBe(stored.publicKey);
    expect(Buffer.from(stored.publicKey, "base64url")).toHaveLength(65);
  });

  it("registers browsers per user, lists, tests and removes them", async () => {
    const add = (client: TestClient, path: string, keys: typeof aliceBrowser, name: string) =>
      client.request("POST", "/api/push/subscriptions", {
        json: {
          endpoint: `${pushes.baseUrl}${path}`,
          keys: { p256dh: keys.p256dh, auth: keys.auth },
          name,
        },
      });
    const mine = await add(alice, "/alice-1", aliceBrowser, "Alice's laptop");
    expect(mine.body.code).toBe(0);
    await add(bob, "/bob-1", bobBrowser, "Bob's phone");
    const listed = await alice.request("GET", "/api/push/subscriptions");
    expect(listed.body.data).toEqual([
      expect.objectContaining({ id: mine.body.data.id, name: "Alice's laptop" }),
    ]);
    // Bob can neither see nor remove Alice's browser.
    expect((await bob.request("GET", "/api/push/subscriptions")).body.data).toHaveLength(1);
    await bob.request("DELETE", "/api/push/subscriptions", { json: { id: mine.body.data.id } });
    expect((await alice.request("GET", "/api/push/subscriptions")).body.data).toHaveLength(1);

    const before = pushes.received.length;
    const test = await alice.request("POST", "/api/push/test", { json: {} });
    expect(test.body.data.sent).toBe(1);
    const message = pushes.received.at(-1)!;
    expect(pushes.received.length).toBe(before + 1);
    expect(message.path).toBe("/alice-1");
    expect(message.headers["content-encoding"]).toBe("aes128gcm");
    const vapid = verifyVapid(String(message.headers.authorization), `${pushes.baseUrl}/x`);
    expect(vapid.sub).toBe("mailto:ops@follow.test");
    expect(vapid.publicKey).toBe((await alice.request("GET", "/api/push/key")).body.data.publicKey);
    expect(JSON.parse(decryptPush(message.body, aliceBrowser))).toMatchObject({
      title: "Follow",
      url: "/",
    });
    // Bob's keys cannot read Alice's message.
    expect(() => decryptPush(message.body, bobBrowser)).toThrow();

    const bad = await alice.request("POST", "/api/push/subscriptions", {
      json: { endpoint: "not a url", keys: { p256dh: "x", auth: "y" } },
    });
    expect(bad.body.code).toBe(1002);
  });

  it("notifies on new entries a rule asks for, and posts signed webhooks (retried)", async () => {
    const put = await alice.request("PUT", "/api/actions", {
      json: {
        rules: [
          {
            name: "Launches",
            condition: [{ field: "entry_title", operator: "contains", value: "launch" }],
            result: { star: true, newEntryNotification: true, webhooks: [hookUrl] },
          },
        ],
      },
    });
    expect(put.body.code).toBe(0);
    hookFailures = 1;
    const before = pushes.received.length;
    items = [
      { guid: "l", title: "Rocket launch today", date: new Date(Date.UTC(2026, 0, 3)) },
      { guid: "n", title: "Nothing special", date: new Date(Date.UTC(2026, 0, 2)) },
      ...items,
    ];
    await alice.request("GET", `/api/feeds/refresh?id=${feedId}`);
    await expect.poll(() => pushes.received.length, { timeout: 10_000 }).toBe(before + 1);
    const message = pushes.received.at(-1)!;
    expect(message.path).toBe("/alice-1");
    const payload = JSON.parse(decryptPush(message.body, aliceBrowser));
    expect(payload).toMatchObject({ title: "Push feed", body: "Rocket launch today" });
    expect(payload.url).toMatch(new RegExp(`^/timeline/view-0/${feedId}/\\d+$`));

    // The webhook got the entry once, after one 503, signed with Alice's key.
    await expect.poll(() => hookCalls.length, { timeout: 10_000 }).toBe(1);
    const call = hookCalls[0]!;
    const body = JSON.parse(call.body);
    expect(body).toMatchObject({ event: "entry.created", entry: { title: "Rocket launch today" } });
    const key = createHmac("sha256", "webhook-secret-for-tests")
      .update(`webhook:${(await alice.session()).body.user.id}`)
      .digest();
    const expected = createHmac("sha256", key)
      .update(`${call.headers["x-follow-timestamp"]}.${call.body}`)
      .digest("hex");
    expect(call.headers["x-follow-signature"]).toBe(`sha256=${expected}`);
    // Bob had no rule: nothing for his browser.
    expect(pushes.received.filter((m) => m.path === "/bob-1")).toHaveLength(0);
  });

  it("drops a browser the push service says is gone", async () => {
    pushes.gone.add("/alice-1");
    const test = await alice.request("POST", "/api/push/test", { json: {} });
    expect(test.body.data.sent).toBe(0);
    expect((await alice.request("GET", "/api/push/subscriptions")).body.data).toEqual([]);
  });
});
