import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nextSlot, serverTimeZone } from "../../server/ai/daily/schedule.ts";
import type { DatabaseHandle } from "../../server/db/connect.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";
import { withServerDatabase } from "../support/server-database.ts";

const MAIL_TITLE = "Your bank statement for November";
const MAIL_BODY = "account-number-7731";

/**
 * An inbox (`inbox://<handle>`) is a feed with an owner: to anyone else it does not exist,
 * whether named by URL, by feed id, through a list, an entry id or a listing; and rows that
 * point another user at it (made before this held) serve nothing.
 */
describe.each(DIALECTS)("an inbox is its owner's alone on %s", (dialect) => {
  let server: TestServer;
  let alice: TestClient;
  let bob: TestClient;
  let aliceId: string;
  let bobId: string;
  let handle: string;
  let inboxFeedId: string;
  let entryId: string;
  let secret: string;

  /** Alice's inbox gets one more mail (through its webhook). */
  async function deliver(title: string) {
    const posted = await alice.request("POST", `/api/inbox-webhooks/${handle}`, {
      json: { title, content: `<p>${MAIL_BODY}</p>` },
      headers: { "x-inbox-secret": secret },
    });
    expect(posted.status).toBe(200);
    return posted.body.data.entryId as string;
  }

  const withDatabase = <T>(use: (handle: DatabaseHandle) => Promise<T>) =>
    withServerDatabase(server, use);

  /** The answer holds nothing of Alice's mail. */
  function expectNothingOfTheMail(text: string) {
    expect(text).not.toContain(MAIL_TITLE);
    expect(text).not.toContain(MAIL_BODY);
  }

  beforeAll(async () => {
    server = await startTestServer(dialect, {
      AUTH_RATE_LIMIT_MAX: "1000",
      INGEST_POLL_SECONDS: "3600",
    });
    alice = new TestClient(server.localUrl);
    bob = new TestClient(server.localUrl);
    aliceId = (await alice.signUp(uniqueEmail("alice-inbox"))).body.user.id;
    bobId = (await bob.signUp(uniqueEmail("bob-inbox"))).body.user.id;
    handle = `alice-news-${dialect}-${Date.now().toString(36)}`;
    const created = await alice.request("POST", "/api/inboxes", {
      json: { handle, title: "Alice's letters" },
    });
    expect(created.status).toBe(200);
    secret = created.body.data.secret;
    entryId = await deliver(MAIL_TITLE);
    const own = await alice.request("GET", `/api/entries?id=${entryId}`);
    expect(own.body.data.entries.title).toBe(MAIL_TITLE);
    inboxFeedId = own.body.data.feeds.id;
  });
  afterAll(async () => {
    await server?.close();
  });

  it("is not found by URL or by feed id, like an inbox that does not exist", async () => {
    for (const path of [
      `/api/feeds?url=${encodeURIComponent(`inbox://${handle}`)}&entriesLimit=20`,
      `/api/feeds?id=${inboxFeedId}&entriesLimit=20`,
    ]) {
      const answer = await bob.request("GET", path);
      expect(answer.status, path).toBe(404);
      expect(answer.body.code, path).toBe(2001);
      expectNothingOfTheMail(answer.text);
    }
    const nobody = await bob.request(
      "GET",
      `/api/feeds?url=${encodeURIComponent(`inbox://nobody-${handle}`)}`,
    );
    expect([nobody.status, nobody.body.code]).toEqual([404, 2001]);
    // Alice herself still previews it.
    const hers = await alice.request(
      "GET",
      `/api/feeds?url=${encodeURIComponent(`inbox://${handle}`)}&entriesLimit=5`,
    );
    expect(hers.body.data.entries[0].title).toBe(MAIL_TITLE);
  });

  it("cannot be subscribed to or discovered by anyone else", async () => {
    for (const json of [
      { url: `inbox://${handle}` },
      { url: ` INBOX://${handle} ` },
      { feedId: inboxFeedId },
      { feedId: inboxFeedId, url: `inbox://${handle}` },
    ]) {
      const answer = await bob.request("POST", "/api/subscriptions", { json });
      expect(answer.status, JSON.stringify(json)).toBe(404);
      expect(answer.body.code, JSON.stringify(json)).toBe(2001);
      expectNothingOfTheMail(answer.text);
    }
    expect((await bob.request("GET", "/api/subscriptions")).body.data).toEqual([]);
    const found = await bob.request("POST", "/api/discover", {
      json: { keyword: `inbox://${handle}` },
    });
    expect(found.body.code).toBe(2001);
    expectNothingOfTheMail(found.text);
    const timeline = await bob.request("POST", "/api/entries", { json: { withContent: true } });
    expect(timeline.body.data).toEqual([]);
  });

  it("cannot be put in someone else's list, nor read through one", async () => {
    const list = await bob.request("POST", "/api/lists", { json: { title: "Bob's", view: 0 } });
    const listId = list.body.data.id;
    for (const json of [
      { listId, feedId: inboxFeedId },
      { listId, feedIds: [inboxFeedId] },
    ]) {
      const added = await bob.request("POST", "/api/lists/feeds", { json });
      expect(added.status).toBe(404);
      expect(added.body.code).toBe(2001);
    }
    const page = await bob.request("GET", `/api/lists?listId=${listId}`);
    expect(page.body.data.list.feedIds).toEqual([]);
    const entries = await bob.request("POST", "/api/entries", { json: { listId } });
    expect(entries.body.data).toEqual([]);
    expectNothingOfTheMail(entries.text);
  });

  it("in its owner's own list, shows to her and to none of the list's followers", async () => {
    const list = await alice.request("POST", "/api/lists", {
      json: { title: "Letters to myself", view: 0 },
    });
    const listId = list.body.data.id;
    const added = await alice.request("POST", "/api/lists/feeds", {
      json: { listId, feedId: inboxFeedId },
    });
    expect(added.status).toBe(200);
    const hers = await alice.request("POST", "/api/entries", { json: { listId } });
    expect(hers.body.data.map((i: { entries: { id: string } }) => i.entries.id)).toEqual([entryId]);

    // Found by words, the list says nothing of it: no entries, not when the last mail came.
    const found = await bob.request("POST", "/api/discover", {
      json: { keyword: "letters to myself", target: "lists" },
    });
    expect(found.body.data).toHaveLength(1);
    expect(found.body.data[0].entries).toEqual([]);
    expect(found.body.data[0].analytics.latestEntryPublishedAt).toBeNull();
    expectNothingOfTheMail(found.text);
    expect(found.text).not.toContain(inboxFeedId);
    const followed = await bob.request("POST", "/api/subscriptions", { json: { listId } });
    expect(followed.status).toBe(200);
    expect(followed.body.list.feedIds).toEqual([]);
    expect(followed.body.unread[listId]).toBe(0);
    for (const answer of [
      await bob.request("POST", "/api/entries", { json: { listId, withContent: true } }),
      await bob.request("POST", "/api/entries", { json: { listId, read: false } }),
      await bob.request("GET", `/api/lists?listId=${listId}`),
      await bob.request("GET", `/api/lists/list?userId=${aliceId}`),
      await bob.request("GET", "/api/subscriptions"),
      await bob.request("GET", `/api/entries?id=${entryId}`),
    ]) {
      expectNothingOfTheMail(answer.text);
      expect(answer.text).not.toContain(inboxFeedId);
    }
    expect((await bob.request("GET", `/api/entries?id=${entryId}`)).body.code).toBe(3000);
    expect((await bob.request("POST", "/api/collections", { json: { entryId } })).body.code).toBe(
      3000,
    );
    // Mail arriving later is no unread mark of the list's followers either.
    await deliver(`${MAIL_TITLE} (2)`);
    expect((await bob.request("GET", "/api/reads")).body.data[listId]).toBeUndefined();
    expect((await alice.request("GET", "/api/reads")).body.data[handle]).toBeGreaterThan(0);
    await bob.request("DELETE", "/api/subscriptions", { json: { listId } });
  });

  it("serves nothing through rows made before the rule held (a subscription, a list, a star)", async () => {
    const list = await bob.request("POST", "/api/lists", { json: { title: "Old", view: 0 } });
    const listId = list.body.data.id;
    await bob.request("POST", "/api/subscriptions", { json: { listId } });
    const now = new Date().toISOString();
    await withDatabase(async ({ db }) => {
      await db
        .insertInto("subscription")
        .values({
          user_id: bobId,
          feed_id: inboxFeedId,
          view: 0,
          is_private: 0,
          title: null,
          category: null,
          created_at: now,
        })
        .execute();
      await db
        .insertInto("list_feed")
        .values({ list_id: listId, feed_id: inboxFeedId, added_at: now })
        .execute();
      await db
        .insertInto("collection")
        .values({
          user_id: bobId,
          entry_id: entryId,
          feed_id: inboxFeedId,
          view: 0,
          created_at: now,
        })
        .execute();
      await db
        .insertInto("unread")
        .values({ user_id: bobId, entry_id: entryId, feed_id: inboxFeedId, published_at: now })
        .onConflict((oc) => oc.doNothing())
        .execute();
    });
    const answers = [
      await bob.request("POST", "/api/entries", { json: { withContent: true } }),
      await bob.request("POST", "/api/entries", { json: { read: false } }),
      await bob.request("POST", "/api/entries", { json: { feedId: inboxFeedId } }),
      await bob.request("POST", "/api/entries", { json: { isCollection: true } }),
      await bob.request("POST", "/api/entries", { json: { listId } }),
      await bob.request("GET", `/api/entries?id=${entryId}`),
      await bob.request("POST", "/api/entries/stream", { json: { ids: [entryId] } }),
      await bob.request("GET", `/api/entries/readability?id=${entryId}`),
      await bob.request("POST", "/api/search", { json: { keyword: "bank statement" } }),
      await bob.request("POST", "/api/search", { json: { keyword: "letters", type: "feeds" } }),
      await bob.request("GET", `/api/lists?listId=${listId}`),
    ];
    for (const answer of answers) expectNothingOfTheMail(answer.text);
    for (const answer of answers.slice(0, 5)) expect(answer.body.data).toEqual([]);
    expect(answers[5]!.body.code).toBe(3000);
    expect(answers[7]!.body.code).toBe(3000);
    expect(answers[10]!.body.data.list.feedIds).toEqual([]);
    for (const answer of [
      await bob.request("GET", "/api/subscriptions"),
      await bob.request("GET", "/api/subscriptions/export"),
    ]) {
      expect(answer.text).not.toContain("Alice's letters");
      expect(answer.text).not.toContain(inboxFeedId);
    }
    // Reading it through those rows records no read (read histories, trending).
    await bob.request("POST", "/api/reads", { json: { entryIds: [entryId] } });
    const bobsReads = await withDatabase(({ db }) =>
      db.selectFrom("read_history").select("entry_id").where("user_id", "=", bobId).execute(),
    );
    expect(bobsReads).toEqual([]);

    // New mail reaches none of these rows: no unread mark, nothing new, no rule or push for Bob.
    const before = new Date().toISOString();
    const later = await deliver(`${MAIL_TITLE} (3)`);
    const counts = (await bob.request("GET", "/api/reads")).body.data;
    expect(counts[inboxFeedId]).toBeUndefined();
    expect(counts[listId]).toBeUndefined();
    const fresh = await bob.request(
      "GET",
      `/api/entries/check-new?insertedAfter=${encodeURIComponent(before)}`,
    );
    expect(fresh.body.data.has_new).toBe(false);
    const unreadOfBob = await withDatabase(({ db }) =>
      db.selectFrom("unread").select("entry_id").where("user_id", "=", bobId).execute(),
    );
    expect(unreadOfBob.map((row) => row.entry_id)).not.toContain(later);
  });

  it("leaves someone else's mail out of a daily report, whatever rows point at it", async () => {
    // Bob's old rows (the test above) still point at Alice's mail, an unread mark among them;
    // his report is written now.
    await withDatabase(({ db }) =>
      db
        .insertInto("unread")
        .values({
          user_id: bobId,
          entry_id: entryId,
          feed_id: inboxFeedId,
          published_at: new Date().toISOString(),
        })
        .onConflict((oc) => oc.doNothing())
        .execute(),
    );
    await server.runDailyReports(
      new Date(nextSlot(new Date(), serverTimeZone()).getTime() + 60_000),
    );
    const reports = await bob.request("GET", "/api/ai/daily-reports");
    expect(reports.status).toBe(200);
    expectNothingOfTheMail(reports.text);
  });

  it("loses those rows to migration 0021, and its owner keeps hers", async () => {
    const { up } = await import("../../migrations/server/0021_foreign_inbox_rows.ts");
    const remaining = await withDatabase(async ({ db }) => {
      await up(db as never);
      const count = async (table: "subscription" | "collection" | "unread", user: string) =>
        (
          await db
            .selectFrom(table)
            .select("feed_id")
            .where("user_id", "=", user)
            .where("feed_id", "=", inboxFeedId)
            .execute()
        ).length;
      const lists = await db
        .selectFrom("list_feed")
        .select("list_id")
        .where("feed_id", "=", inboxFeedId)
        .execute();
      return {
        bob: [
          await count("subscription", bobId),
          await count("collection", bobId),
          await count("unread", bobId),
        ],
        aliceUnread: await count("unread", aliceId),
        lists: lists.length,
      };
    });
    expect(remaining.bob).toEqual([0, 0, 0]);
    expect(remaining.aliceUnread).toBeGreaterThan(0);
    // Alice's own list keeps her inbox (the test above); Bob's old list lost it.
    expect(remaining.lists).toBe(1);
  });
});
