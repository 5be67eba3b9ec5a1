import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FeedServer } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";

/**
 * The Fever API driven as reader apps drive it (shapes from Fluent Reader's fever service and
 * FreshRSS's notes on Reeder, Unread and ReadKit): `POST <endpoint>?api&<call>` with a form
 * body `api_key=<md5 of "email:password">`, ids parsed as numbers, `max_id` from
 * Number.MAX_SAFE_INTEGER down, `mark=item|feed|group` with `as` and `before`.
 */

function feedXml(name: string, count: number): string {
  const items = Array.from({ length: count }, (_, i) => {
    const date = new Date(Date.UTC(2026, 4, 1 + i, 10)).toUTCString();
    return `<item><guid>${name}-${i}</guid><title>${name} post ${i}</title>
<link>https://example.com/${name}/${i}</link><pubDate>${date}</pubDate>
<description>Body of ${name} ${i}</description></item>`;
  }).join("\n");
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>${name}</title>
<link>https://example.com/${name}</link><description>${name}</description>${items}</channel></rss>`;
}

const FORM = { "content-type": "application/x-www-form-urlencoded" };
const md5 = (text: string) => createHash("md5").update(text).digest("hex");

interface FeverItem {
  id: number;
  feed_id: number;
  title: string;
  html: string;
  is_read: number;
  is_saved: number;
  created_on_time: number;
}

describe.each(DIALECTS)("Fever API on %s", (dialect) => {
  let server: TestServer;
  let feeds: FeedServer;
  let alice: TestClient;
  let aliceKey: string;
  let techFeedId: string;
  const client = () => new TestClient(server.localUrl);

  /** Fluent Reader's fetchAPI: `endpoint + "?api" + params`, body `api_key=…` + postparams. */
  const fever = async (params = "", postparams = "", key = aliceKey) => {
    const answer = await client().request("POST", `/api/fever/?api${params}`, {
      headers: FORM,
      body: `api_key=${key}${postparams}`,
    });
    expect(answer.status, answer.text).toBe(200);
    return answer.body as Record<string, any>;
  };
  const appPassword = async (who: TestClient, email: string, scope = "write") => {
    const made = await who.request("POST", "/api/tokens", {
      json: { name: "Fever app", kind: "app_password", scope },
    });
    expect(made.status).toBe(200);
    return md5(`${email.toLowerCase()}:${made.body.data.secret as string}`);
  };
  const webItems = async (who: TestClient) => {
    const answer = await who.request("POST", "/api/entries", { json: { limit: 100 } });
    return answer.body.data as { entries: { id: string; title: string }; read: boolean }[];
  };
  /** Every item, as Fluent Reader pages through them: max_id from MAX_SAFE_INTEGER down. */
  const allItems = async (key = aliceKey) => {
    const items: FeverItem[] = [];
    let min = Number.MAX_SAFE_INTEGER;
    for (;;) {
      const page = (await fever(`&items&max_id=${min}`, "", key)).items as FeverItem[];
      items.push(...page);
      if (page.length < 50) return items;
      min = Math.min(...page.map((item) => item.id));
    }
  };

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    server = await startTestServer(dialect, {
      AUTH_RATE_LIMIT_MAX: "1000",
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      INGEST_POLL_SECONDS: "3600",
    });
    alice = client();
    const email = uniqueEmail("Alice-fever");
    await alice.signUp(email);
    const tech = await alice.request("POST", "/api/subscriptions", {
      json: { url: feeds.serve("/tech.xml", feedXml("tech", 60)), view: 0, category: "Tech" },
    });
    expect(tech.status).toBe(200);
    techFeedId = tech.body.feed.id;
    const news = await alice.request("POST", "/api/subscriptions", {
      json: { url: feeds.serve("/news.xml", feedXml("news", 3)), view: 0, category: "News" },
    });
    expect(news.status).toBe(200);
    // Her inbox's mail: hers in the web app, never an item of the Fever API.
    const handle = `fv${Date.now().toString(36)}${dialect.slice(0, 2)}`;
    const inbox = await alice.request("POST", "/api/inboxes", { json: { handle } });
    expect(inbox.status).toBe(200);
    const mail = await alice.request("POST", `/api/inbox-webhooks/${handle}`, {
      json: { title: "Secret mail", guid: "mail-1", publishedAt: new Date().toISOString() },
      headers: { "x-inbox-secret": inbox.body.data.secret as string },
    });
    expect(mail.status).toBe(200);
    aliceKey = await appPassword(alice, email);
  });

  afterAll(async () => {
    await server?.close();
    await feeds?.stop();
  });

  it("answers auth 0 (HTTP 200) to a wrong or missing key and auth 1 to the right one", async () => {
    expect(await fever("", "", md5("nobody@example.com:wrong"))).toEqual({
      api_version: 3,
      auth: 0,
    });
    const bare = await client().request("GET", "/api/fever/?api");
    expect(bare.status).toBe(200);
    expect(bare.body).toEqual({ api_version: 3, auth: 0 });
    const ok = await fever();
    expect(ok).toMatchObject({ api_version: 3, auth: 1 });
    expect(ok.last_refreshed_on_time).toBeTypeOf("number");
    // Some clients send the key in the query of a GET.
    const get = await client().request("GET", `/api/fever/?api&api_key=${aliceKey}`);
    expect(get.body.auth).toBe(1);
    // The address without its trailing slash is the same door; nothing lives below it.
    const bareDoor = await client().request("POST", "/api/fever?api", {
      headers: FORM,
      body: `api_key=${aliceKey}`,
    });
    expect(bareDoor.body.auth).toBe(1);
    expect((await client().request("GET", "/api/fever/other?api")).status).toBe(404);
  });

  it("lists groups, feeds with their groups, favicons and (empty) links", async () => {
    const groups = await fever("&groups");
    expect(groups.groups.map((g: { title: string }) => g.title).sort()).toEqual(["News", "Tech"]);
    const feedList = await fever("&feeds");
    expect(feedList.feeds).toHaveLength(2);
    const tech = feedList.feeds.find((f: { title: string }) => f.title === "tech");
    expect(tech).toMatchObject({ is_spark: 0, site_url: "https://example.com/tech" });
    expect(Number.isInteger(tech.id)).toBe(true);
    const techGroup = groups.groups.find((g: { title: string }) => g.title === "Tech").id;
    expect(feedList.feeds_groups).toContainEqual({
      group_id: techGroup,
      feed_ids: String(tech.id),
    });
    // Fluent Reader splits feed_ids on "," and parses each.
    for (const entry of groups.feeds_groups) expect(entry.feed_ids).toMatch(/^\d+(,\d+)*$/);
    expect(Array.isArray((await fever("&favicons")).favicons)).toBe(true);
    expect((await fever("&links")).links).toEqual([]);
  });

  it("pages items by max_id, since_id and with_ids, with small safe integer ids", async () => {
    const items = await allItems();
    expect(items).toHaveLength(63);
    expect(items.map((item) => item.title)).not.toContain("Secret mail");
    const ids = items.map((item) => item.id);
    expect(new Set(ids).size).toBe(63);
    expect(ids.every((id) => Number.isSafeInteger(id) && id > 0 && id < 2 ** 31)).toBe(true);
    const feedIds = new Set((await fever("&feeds")).feeds.map((f: { id: number }) => f.id));
    expect(items.every((item) => feedIds.has(item.feed_id))).toBe(true);
    expect((await fever("&items")).total_items).toBe(63);

    // Reeder's shape: since_id from 0 up, 50 at a time, oldest first.
    const first = (await fever("&items&since_id=0")).items as FeverItem[];
    expect(first).toHaveLength(50);
    const last = Math.max(...first.map((item) => item.id));
    const second = (await fever(`&items&since_id=${last}`)).items as FeverItem[];
    expect(second).toHaveLength(13);
    expect(second.every((item) => item.id > last)).toBe(true);
    expect((await fever(`&items&since_id=${Math.max(...ids)}`)).items).toEqual([]);

    const picked = [ids[0]!, ids[5]!];
    const byIds = (await fever(`&items&with_ids=${picked.join(",")}`)).items as FeverItem[];
    expect(byIds.map((item) => item.id).sort()).toEqual([...picked].sort());
    expect(byIds[0]!.html).toContain("Body of");
    // Numbers stay put across calls.
    expect((await allItems()).map((item) => item.id).sort()).toEqual([...ids].sort());
  });

  it("marks an item read, unread, saved and unsaved as the web app sees it, bumping the version", async () => {
    const items = await allItems();
    const target = items.find((item) => item.title === "news post 1")!;
    const unread = (await fever("&unread_item_ids")).unread_item_ids as string;
    expect(unread.split(",").map(Number)).toContain(target.id);
    const before = (await alice.request("GET", "/api/sync/version")).body.data;

    const marked = await fever("", `&mark=item&as=read&id=${target.id}`);
    expect(marked.unread_item_ids.split(",").map(Number)).not.toContain(target.id);
    const web = async () =>
      (await webItems(alice)).find((item) => item.entries.title === "news post 1")!;
    expect((await web()).read).toBe(true);
    const after = (await alice.request("GET", "/api/sync/version")).body.data;
    expect(after).not.toEqual(before);

    await fever("", `&mark=item&as=unread&id=${target.id}`);
    expect((await web()).read).toBe(false);

    const saved = await fever("", `&mark=item&as=saved&id=${target.id}`);
    expect(saved.saved_item_ids).toBe(String(target.id));
    const starred = await alice.request("POST", "/api/entries", {
      json: { isCollection: true, limit: 10 },
    });
    expect(
      starred.body.data.map((item: { entries: { title: string } }) => item.entries.title),
    ).toEqual(["news post 1"]);
    await fever("", `&mark=item&as=unsaved&id=${target.id}`);
    expect((await fever("&saved_item_ids")).saved_item_ids).toBe("");
  });

  it("marks a feed and a group read before a time, as Fluent Reader's markAllRead does", async () => {
    const feedList = (await fever("&feeds")).feeds as { id: number; title: string }[];
    const tech = feedList.find((f) => f.title === "tech")!;
    // Entries published before 2026-05-11 (tech posts 0..9).
    const before = Math.floor(Date.UTC(2026, 4, 11) / 1000);
    await fever("", `&mark=feed&as=read&id=${tech.id}&before=${before}`);
    const techEntries = await alice.request("POST", "/api/entries", {
      json: { feedId: techFeedId, limit: 100 },
    });
    const readTitles = techEntries.body.data
      .filter((item: { read: boolean }) => item.read)
      .map((item: { entries: { title: string } }) => item.entries.title)
      .sort();
    expect(readTitles).toEqual(Array.from({ length: 10 }, (_, i) => `tech post ${i}`).sort());

    const groups = (await fever("&groups")).groups as { id: number; title: string }[];
    const news = groups.find((g) => g.title === "News")!;
    await fever("", `&mark=group&as=read&id=${news.id}&before=${Math.floor(Date.now() / 1000)}`);
    const unread = await webItems(alice);
    expect(unread.filter((item) => item.entries.title.startsWith("news") && !item.read)).toEqual(
      [],
    );
  });

  it("keeps another person out: their own numbers, no reach into hers, no writes with read-only keys", async () => {
    const bob = client();
    const bobEmail = uniqueEmail("bob-fever");
    await bob.signUp(bobEmail);
    const bobKey = await appPassword(bob, bobEmail);
    const hers = await allItems();
    const unreadBefore = (await fever("&unread_item_ids")).unread_item_ids as string;
    const victim = hers.find(
      (item) => !item.is_read && unreadBefore.split(",").includes(String(item.id)),
    )!;

    expect(await allItems(bobKey)).toEqual([]);
    expect(
      (
        await fever(
          `&items&with_ids=${hers
            .map((i) => i.id)
            .slice(0, 50)
            .join(",")}`,
          "",
          bobKey,
        )
      ).items,
    ).toEqual([]);
    expect((await fever("&feeds", "", bobKey)).feeds).toEqual([]);
    expect((await fever("&unread_item_ids", "", bobKey)).unread_item_ids).toBe("");
    await fever("", `&mark=item&as=read&id=${victim.id}`, bobKey);
    await fever("", `&mark=item&as=saved&id=${victim.id}`, bobKey);
    await fever("", "&mark=group&as=read&id=0", bobKey);
    expect((await fever("&unread_item_ids")).unread_item_ids).toBe(unreadBefore);
    expect((await fever("&saved_item_ids")).saved_item_ids).toBe("");

    const readOnly = await appPassword(
      alice,
      (await alice.request("GET", "/api/better-auth/get-session")).body.user.email,
      "read",
    );
    expect((await fever("&items", "", readOnly)).items.length).toBeGreaterThan(0);
    await fever("", `&mark=item&as=read&id=${victim.id}`, readOnly);
    expect((await fever("&unread_item_ids")).unread_item_ids).toBe(unreadBefore);
  });
  it("numbers a new subscription's entries above every number a client has seen", async () => {
    const seen = Math.max(...(await allItems()).map((item) => item.id));
    const later = await alice.request("POST", "/api/subscriptions", {
      json: { url: feeds.serve("/late.xml", feedXml("late", 4)), view: 0 },
    });
    expect(later.status).toBe(200);
    const fresh = (await fever(`&items&since_id=${seen}`)).items as FeverItem[];
    expect(fresh.map((item) => item.title).sort()).toEqual([
      "late post 0",
      "late post 1",
      "late post 2",
      "late post 3",
    ]);
    expect(fresh.every((item) => item.id > seen)).toBe(true);
  });
});
