import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD, verifyFromMailDirectory } from "../support/accounts.ts";
import { FeedServer, rssFeed } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";

const TRIAL_FEEDS = 3;
const IMPORTED = 8;

/** A trial account's quotas: feeds (1100, also through an OPML import), lists (1101), inboxes (1102). */
describe.each(DIALECTS)("trial quotas on %s", (dialect) => {
  let server: TestServer;
  let feeds: FeedServer;
  const adminEmail = uniqueEmail("quota-admin");
  let admin: TestClient;

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    for (let n = 0; n < IMPORTED; n++) {
      feeds.serve(`/feed-${n}.xml`, rssFeed(`Feed ${n}`, [{ guid: `g${n}`, title: `Entry ${n}` }]));
    }
    server = await startTestServer(dialect, {
      AUTH_RATE_LIMIT_MAX: "1000",
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      INGEST_POLL_SECONDS: "3600",
      REGISTRATION_MODE: "invitation",
      TRIAL_MAX_FEEDS: String(TRIAL_FEEDS),
      TRIAL_MAX_LISTS: "1",
      TRIAL_MAX_INBOXES: "1",
      ADMIN_EMAILS: adminEmail,
    });
    admin = new TestClient(server.localUrl);
    await admin.signUp(adminEmail, PASSWORD);
    await verifyFromMailDirectory(server, admin, adminEmail);
  });
  afterAll(async () => {
    await server?.close();
    await feeds?.stop();
  });

  const trialUser = async (prefix: string) => {
    const client = new TestClient(server.localUrl);
    await client.signUp(uniqueEmail(prefix), PASSWORD);
    expect((await client.session()).body.role).toBe("trial");
    return client;
  };

  it("follows lists up to the trial quota, then 1101; the followed one again is fine", async () => {
    const listIds: string[] = [];
    for (const title of ["One", "Two"]) {
      const created = await admin.request("POST", "/api/lists", { json: { title, view: 0 } });
      expect(created.status).toBe(200);
      listIds.push(created.body.data.id);
    }
    const trial = await trialUser("trial-lists");
    const follow = (listId: string) =>
      trial.request("POST", "/api/subscriptions", { json: { listId, view: 0 } });
    expect((await follow(listIds[0]!)).status).toBe(200);
    const over = await follow(listIds[1]!);
    expect(over.status).toBe(403);
    expect(over.body.code).toBe(1101);
    expect((await follow(listIds[0]!)).status).toBe(200);
    // A full account has no such quota.
    expect(
      (await admin.request("POST", "/api/subscriptions", { json: { listId: listIds[1] } })).status,
    ).toBe(200);
  });

  it("creates inboxes up to the trial quota, then 1102", async () => {
    const trial = await trialUser("trial-inboxes");
    const create = (handle: string) => trial.request("POST", "/api/inboxes", { json: { handle } });
    expect((await create(`quota-a-${dialect}`)).status).toBe(200);
    const over = await create(`quota-b-${dialect}`);
    expect(over.status).toBe(403);
    expect(over.body.code).toBe(1102);
    expect((await trial.request("GET", "/api/inboxes/list")).body.data).toHaveLength(1);
  });

  it("holds the feed quota against subscriptions sent all at once", async () => {
    const trial = await trialUser("trial-burst");
    const answers = await Promise.all(
      Array.from({ length: IMPORTED }, (_, n) =>
        trial.request("POST", "/api/subscriptions", {
          json: { url: feeds.url(`/feed-${n}.xml`), view: 0 },
        }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(TRIAL_FEEDS);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused.map((answer) => answer.body.code)).toEqual(
      Array(IMPORTED - TRIAL_FEEDS).fill(1100),
    );
    expect((await trial.request("GET", "/api/subscriptions")).body.data).toHaveLength(TRIAL_FEEDS);
  });

  it("imports an OPML selection up to the feed quota and refuses the rest with 1100", async () => {
    const trial = await trialUser("trial-opml");
    const items = Array.from({ length: IMPORTED }, (_, n) => ({
      url: feeds.url(`/feed-${n}.xml`),
    }));
    const started = await trial.request("POST", "/api/subscriptions/import", { json: { items } });
    expect(started.status).toBe(200);
    let progress = started.body.data;
    for (let i = 0; i < 600 && !progress.finished; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      progress = (await trial.request("GET", `/api/subscriptions/import?id=${progress.id}`)).body
        .data;
    }
    expect(progress.finished).toBe(true);
    expect(progress.done).toBe(TRIAL_FEEDS);
    expect(progress.failed).toBe(IMPORTED - TRIAL_FEEDS);
    const refused = progress.items.filter((item: { status: string }) => item.status === "failed");
    expect(refused.every((item: { code: number }) => item.code === 1100)).toBe(true);
    const held = (await trial.request("GET", "/api/subscriptions")).body.data;
    expect(held).toHaveLength(TRIAL_FEEDS);
  });
});
