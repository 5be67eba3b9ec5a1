import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyFromMailDirectory } from "../support/accounts.ts";
import { FeedServer, rssFeed } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { browserKeys, decryptPush, PushReceiver, verifyVapid } from "../support/push-receiver.ts";
import { DIALECTS, type Dialect, startTestServer, type TestServer } from "../support/server.ts";

type Item = { guid: string; title: string; date: Date };

/** Stores keys as a registration made before they were checked might have them. */
async function storeKeys(dialect: Dialect, server: TestServer, id: string, p256dh: string) {
  const statement = `update push_subscription set p256dh = ${dialect === "sqlite" ? "?" : "$1"} where id = ${dialect === "sqlite" ? "?" : "$2"}`;
  if (dialect === "sqlite") {
    const db = new Database(`${server.dataDir}/follow.sqlite`);
    db.prepare(statement).run(p256dh, id);
    db.close();
    return;
  }
  const client = new pg.Client({ connectionString: server.postgres!.url });
  await client.connect();
  await client.query(statement, [p256dh, id]);
  await client.end();
}

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
    // ADMIN_EMAILS makes an admin once the address is verified.
    await verifyFromMailDirectory(server, alice, aliceEmail);
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

  it("refuses malformed keys with the reason, and one bad stored registration blocks no other", async () => {
    const register = (client: TestClient, path: string, keys: { p256dh: string; auth: string }) =>
      client.request("POST", "/api/push/subscriptions", {
        json: { endpoint: `${pushes.baseUrl}${path}`, keys },
      });
    const good = browserKeys();
    const malformed = [
      { p256dh: "p", auth: good.auth },
      // 65 bytes, but not an uncompressed point (0x04 first).
      { p256dh: Buffer.alloc(65, 2).toString("base64url"), auth: good.auth },
      { p256dh: good.p256dh.slice(0, -4), auth: good.auth },
      { p256dh: `${good.p256dh.slice(0, -1)}!`, auth: good.auth },
      { p256dh: good.p256dh, auth: "a" },
      { p256dh: good.p256dh, auth: Buffer.alloc(17).toString("base64url") },
    ];
    for (const keys of malformed) {
      const refused = await register(bob, "/bob-bad", keys);
      expect(refused.body.code, JSON.stringify(keys)).toBe(1002);
      expect(refused.body.reason).toMatch(/keys\.(p256dh|auth)/);
    }
    // Padded base64url is what some browsers send; it is accepted.
    const padded = await register(bob, "/bob-padded", {
      p256dh: `${good.p256dh}=`,
      auth: `${good.auth}==`,
    });
    expect(padded.body.code).toBe(0);

    const broken = await register(bob, "/bob-broken", browserKeys());
    const fine = await register(bob, "/bob-fine", bobBrowser);
    await storeKeys(dialect, server, broken.body.data.id, "p");
    const before = pushes.received.length;
    const test = await bob.request("POST", "/api/push/test", { json: {} });
    expect(test.status).toBe(200);
    expect(pushes.received.slice(before).map((m) => m.path)).toContain("/bob-fine");
    expect(test.body.data.sent).toBeGreaterThanOrEqual(2);
    const only = await bob.request("POST", "/api/push/test", { json: { id: broken.body.data.id } });
    expect(only.status).toBe(200);
    expect(only.body.data.sent).toBe(0);
    expect(fine.body.code).toBe(0);
  });

  it("keeps a browser registered to its user when another account registers its endpoint", async () => {
    const endpoint = `${pushes.baseUrl}/carol-1`;
    const carol = new TestClient(server.localUrl);
    await carol.signUp(uniqueEmail("push-carol"));
    const carolBrowser = browserKeys();
    const keys = { p256dh: carolBrowser.p256dh, auth: carolBrowser.auth };
    const mine = await carol.request("POST", "/api/push/subscriptions", {
      json: { endpoint, keys },
    });
    expect(mine.body.code).toBe(0);
    // Bob knows the endpoint but not this browser's keys: refused, and Carol keeps it.
    const other = browserKeys();
    const taken = await bob.request("POST", "/api/push/subscriptions", {
      json: { endpoint, keys: { p256dh: other.p256dh, auth: other.auth } },
    });
    expect(taken.status).toBe(403);
    expect(taken.body.code).toBe(1004);
    const sameKeyOtherAuth = await bob.request("POST", "/api/push/subscriptions", {
      json: { endpoint, keys: { p256dh: keys.p256dh, auth: other.auth } },
    });
    expect(sameKeyOtherAuth.body.code).toBe(1004);
    await bob.request("DELETE", "/api/push/subscriptions", { json: { endpoint } });
    const listed = (await carol.request("GET", "/api/push/subscriptions")).body.data;
    expect(listed.map((d: { id: string }) => d.id)).toEqual([mine.body.data.id]);
    const before = pushes.received.length;
    expect((await carol.request("POST", "/api/push/test", { json: {} })).body.data.sent).toBe(1);
    expect(JSON.parse(decryptPush(pushes.received[before]!.body, carolBrowser)).title).toBe(
      "Follow",
    );
    // The same browser (its own keys), now signed in as Bob, takes its registration along.
    const moved = await bob.request("POST", "/api/push/subscriptions", {
      json: { endpoint, keys },
    });
    expect(moved.body.code).toBe(0);
    expect((await carol.request("GET", "/api/push/subscriptions")).body.data).toEqual([]);
  });

  it("drops a browser the push service says is gone", async () => {
    pushes.gone.add("/alice-1");
    const test = await alice.request("POST", "/api/push/test", { json: {} });
    expect(test.body.data.sent).toBe(0);
    expect((await alice.request("GET", "/api/push/subscriptions")).body.data).toEqual([]);
  });
});
