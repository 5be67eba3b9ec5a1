import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordChange } from "../../server/sync/changes.ts";
import { FeedServer, rssFeed } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";
import { forgetLastCheck, withServerDatabase } from "../support/server-database.ts";
import { EventStreamClient } from "../support/sse-client.ts";

/**
 * The live change stream (GET /api/sync/stream) on a real server: the connect event states the
 * current version, a write on another device of the same account pokes with scope "state", new
 * entries of a followed feed with "entries", another user's stream hears of neither, a resumed
 * stream states a newer version, heartbeats keep it open, and a change made through another
 * connection to the database (as another process would) reaches it too.
 */
const PASSWORD = "correct horse battery staple";

describe.each(DIALECTS)("live change stream on %s", (dialect) => {
  let server: TestServer;
  let feeds: FeedServer;
  let phone: TestClient;
  let laptop: TestClient;
  let bob: TestClient;
  let aliceId: string;
  let aliceEmail: string;
  const open: EventStreamClient[] = [];
  let items = 2;

  const stream = async (
    client: TestClient,
    options?: Parameters<typeof EventStreamClient.open>[1],
  ) => {
    const opened = await EventStreamClient.open(client, options);
    open.push(opened);
    return opened;
  };
  const version = async (client: TestClient) =>
    BigInt((await client.request("GET", "/api/sync/version")).body.data.version);
  const connected = async (client: TestClient) => {
    const opened = await stream(client);
    const first = await opened.nextPoke(() => true);
    return { stream: opened, version: BigInt(first.version) };
  };

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    server = await startTestServer(dialect, {
      AUTH_RATE_LIMIT_MAX: "1000",
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      INGEST_POLL_SECONDS: "3600",
      SYNC_STREAM_HEARTBEAT_MS: "300",
      SYNC_STREAM_RECHECK_MS: "200",
      INBOX_EMAIL_DOMAIN: "inbox.test",
    });
    const email = uniqueEmail("alice");
    aliceEmail = email;
    phone = new TestClient(server.localUrl);
    await phone.signUp(email, PASSWORD, "Alice");
    aliceId = (await phone.session()).body.user.id;
    // The same account on another device: a session of its own.
    laptop = new TestClient(server.localUrl);
    expect((await laptop.signIn(email, PASSWORD)).status).toBe(200);
    bob = new TestClient(server.localUrl);
    await bob.signUp(uniqueEmail("bob"), PASSWORD, "Bob");
  });
  afterAll(async () => {
    for (const opened of open) await opened.close();
    await server?.close();
    await feeds?.stop();
  });

  it("answers an event stream whose first event is the current version", async () => {
    const opened = await stream(phone);
    expect(opened.status).toBe(200);
    expect(opened.headers.get("content-type")).toBe("text/event-stream");
    expect(opened.headers.get("cache-control")).toBe("no-cache, no-transform");
    expect(opened.headers.get("x-accel-buffering")).toBe("no");
    const first = await opened.next((e) => e.event === "poke");
    expect(opened.events[0]).toMatchObject({ retry: 2000 });
    expect(first.id).toBe(JSON.parse(first.data).version);
    expect(JSON.parse(first.data)).toEqual({
      version: String(await version(phone)),
      scopes: [],
    });
  });

  it("answers a HEAD with the stream's headers and no body", async () => {
    const head = await fetch(new URL("/api/sync/stream", server.localUrl), {
      method: "HEAD",
      headers: { cookie: phone.cookieHeader() },
    });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toBe("text/event-stream");
    expect(await head.text()).toBe("");
  });

  it("refuses a stream and the version without a session (401, code 1000)", async () => {
    const anonymous = new TestClient(server.localUrl);
    const refused = await stream(anonymous);
    expect(refused.status).toBe(401);
    expect(refused.headers.get("content-type")).toContain("application/json");
    const plain = await anonymous.request("GET", "/api/sync/version");
    expect(plain.status).toBe(401);
    expect(plain.body.code).toBe(1000);
  });

  it("pokes the other device with scope state after a subscription, a star and a read; not Bob", async () => {
    const alice = await connected(phone);
    const bobs = await connected(bob);

    const url = feeds.serve("/state.xml", () =>
      rssFeed("State", [{ guid: "s1", title: "One", date: new Date(Date.UTC(2026, 0, 1)) }]),
    );
    const subscribed = await laptop.request("POST", "/api/subscriptions", { json: { url } });
    expect(subscribed.status, subscribed.text).toBe(200);
    const afterSubscribe = await alice.stream.nextPoke(
      (p) => BigInt(p.version) > alice.version && p.scopes.includes("state"),
    );
    const feedId = subscribed.body.feed.id as string;
    const entries = await laptop.request("POST", "/api/entries", { json: { feedId } });
    const entryId = entries.body.data[0].entries.id as string;

    const starred = await laptop.request("POST", "/api/collections", { json: { entryId } });
    expect(starred.status, starred.text).toBe(200);
    const afterStar = await alice.stream.nextPoke(
      (p) => BigInt(p.version) > BigInt(afterSubscribe.version) && p.scopes.includes("state"),
    );
    const read = await laptop.request("POST", "/api/reads", { json: { entryIds: [entryId] } });
    expect(read.status, read.text).toBe(200);
    const afterRead = await alice.stream.nextPoke(
      (p) => BigInt(p.version) > BigInt(afterStar.version) && p.scopes.includes("state"),
    );
    expect(BigInt(afterRead.version)).toBe(await version(laptop));

    // A read sent as POST (the timeline) changes nothing, and pokes nobody.
    await laptop.request("POST", "/api/entries", { json: { feedId } });
    expect(await version(laptop)).toBe(BigInt(afterRead.version));

    // Bob's own stream stated his version on connect and heard nothing since.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(bobs.stream.pokes()).toEqual([{ version: String(bobs.version), scopes: [] }]);
    expect(await version(bob)).toBe(bobs.version);
  });

  it("pokes every reader of a feed with scope entries when new entries are stored", async () => {
    const url = feeds.serve("/daily.xml", () =>
      rssFeed(
        "Daily",
        Array.from({ length: items }, (_, i) => ({
          guid: `d${i}`,
          title: `Day ${i}`,
          date: new Date(Date.UTC(2026, 0, 1 + i)),
        })),
      ),
    );
    const feedId = (await phone.request("POST", "/api/subscriptions", { json: { url } })).body.feed
      .id as string;
    const alice = await connected(laptop);
    const bobs = await connected(bob);
    items = 4;
    await forgetLastCheck(server, feedId);
    const refreshed = await phone.request("GET", `/api/feeds/refresh?id=${feedId}`);
    expect(refreshed.body.data).toMatchObject({ ok: true, inserted: 2 });
    const poke = await alice.stream.nextPoke(
      (p) => BigInt(p.version) > alice.version && p.scopes.includes("entries"),
    );
    expect(poke.scopes).not.toContain("state");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(bobs.stream.pokes()).toHaveLength(1);
  });

  it("pokes the inbox's owner with scope entries when a message arrives by webhook", async () => {
    const handle = `sync-${Date.now().toString(36)}`;
    const created = await phone.request("POST", "/api/inboxes", { json: { handle } });
    expect(created.status, created.text).toBe(200);
    const alice = await connected(laptop);
    const bobs = await connected(bob);
    const posted = await bob.request("POST", `/api/inbox-webhooks/${handle}`, {
      json: { title: "Build finished", content: "<p>Green</p>" },
      headers: { "x-inbox-secret": created.body.data.secret },
    });
    expect(posted.status, posted.text).toBe(200);
    const poke = await alice.stream.nextPoke(
      (p) => BigInt(p.version) > alice.version && p.scopes.includes("entries"),
    );
    expect(poke.scopes).toEqual(["entries"]);
    // The sender (Bob, through the webhook) is not the inbox's reader: nothing for him.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(bobs.stream.pokes()).toHaveLength(1);
  });

  it("states a newer version on reconnect than the Last-Event-ID or ?version= it resumes from", async () => {
    const before = await version(phone);
    await laptop.request("PATCH", "/api/settings/general", { json: { timeZone: "Europe/Paris" } });
    const current = await version(phone);
    expect(current).toBeGreaterThan(before);
    for (const options of [
      { headers: { "last-event-id": String(before) } },
      { query: `?version=${before}` },
    ]) {
      const resumed = await stream(phone, options);
      const first = await resumed.nextPoke(() => true);
      expect(BigInt(first.version)).toBe(current);
    }
  });

  it("sends a heartbeat comment while nothing changes", async () => {
    const opened = await stream(bob);
    const ping = await opened.next((e) => e.event === "comment");
    expect(ping.data).toBe("ping");
  });

  it("hears a change recorded through another connection to the database, as another process's", async () => {
    const alice = await connected(phone);
    await withServerDatabase(server, (handle) => recordChange(handle, [aliceId], "entries"));
    const poke = await alice.stream.nextPoke((p) => BigInt(p.version) > alice.version);
    expect(poke.scopes).toEqual(["entries"]);
  });

  it("ends a stream the client closed, and keeps serving", async () => {
    const opened = await stream(bob);
    await opened.nextPoke(() => true);
    await opened.close();
    const again = await connected(bob);
    expect(again.version).toBe(await version(bob));
  });

  it("ends a stream whose session was signed out, while the account's other streams go on", async () => {
    const tablet = new TestClient(server.localUrl);
    expect((await tablet.signIn(aliceEmail, PASSWORD)).status).toBe(200);
    const leaving = await connected(tablet);
    const staying = await connected(phone);
    expect((await tablet.signOut()).status).toBe(200);
    await leaving.stream.whenClosed();
    expect(leaving.stream.closed).toBe(true);
    // A change after it reaches the phone, and no longer the signed-out tablet.
    await withServerDatabase(server, (handle) => recordChange(handle, [aliceId], "state"));
    await staying.stream.nextPoke((p) => BigInt(p.version) > staying.version);
    expect(staying.stream.closed).toBe(false);
  });
});
