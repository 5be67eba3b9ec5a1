import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FeedServer } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";

/**
 * The Google Reader API driven with the requests reader apps send (shapes from their public
 * source: NetNewsWire's and Reeder's ClientLogin form, FreshRSS's and Miniflux's handlers,
 * theoldreader's notes): form bodies, repeated i=, every item id form, a T with a newline.
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

const READ = "user/-/state/com.google/read";
const STARRED = "user/-/state/com.google/starred";
const READING_LIST = "user/-/state/com.google/reading-list";
const FORM = { "content-type": "application/x-www-form-urlencoded" };
const hexOf = (id: string) => BigInt(id).toString(16).padStart(16, "0");
const longOf = (id: string) => `tag:google.com,2005:reader/item/${hexOf(id)}`;

describe.each(DIALECTS)("Google Reader API on %s", (dialect) => {
  let server: TestServer;
  let feeds: FeedServer;
  let alice: TestClient;
  let aliceEmail: string;
  let feedUrl: string;
  let feedId: string;
  let entryIds: string[];
  let auth: string;
  let actionToken: string;
  const client = () => new TestClient(server.localUrl);

  /** A request as a reader app sends it: no cookies, its Auth token in the header. */
  const reader = (
    method: string,
    path: string,
    body?: string,
    token = auth,
    headers: Record<string, string> = FORM,
  ) =>
    client().request(method, `/api/greader${path}`, {
      headers: { authorization: `GoogleLogin auth=${token}`, ...(body ? headers : {}) },
      ...(body !== undefined ? { body } : {}),
    });

  /** A new account's app password, as that person's reader app would hold it. */
  const anotherPersonsAppPassword = async (name: string, scope: "read" | "write") => {
    const other = client();
    await other.signUp(uniqueEmail(name));
    const made = await other.request("POST", "/api/tokens", {
      json: { name, kind: "app_password", scope },
    });
    return made.body.data.secret as string;
  };

  const webEntries = async (json: Record<string, unknown>) => {
    const answer = await alice.request("POST", "/api/entries", { json: { ...json, limit: 100 } });
    expect(answer.status).toBe(200);
    return answer.body.data as { entries: { id: string }; read: boolean; collections?: unknown }[];
  };
  const webRead = async (id: string) =>
    (await webEntries({ feedId })).find((item) => item.entries.id === id)?.read;

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    server = await startTestServer(dialect, {
      AUTH_RATE_LIMIT_MAX: "1000",
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      INGEST_POLL_SECONDS: "3600",
    });
    feedUrl = feeds.serve("/tech.xml", feedXml("tech", 5));
    alice = client();
    aliceEmail = uniqueEmail("alice-greader");
    await alice.signUp(aliceEmail);
    const sub = await alice.request("POST", "/api/subscriptions", {
      json: { url: feedUrl, view: 0, category: "Tech" },
    });
    expect(sub.status).toBe(200);
    feedId = sub.body.feed.id;
    entryIds = (await webEntries({ feedId })).map((item) => item.entries.id);
    expect(entryIds).toHaveLength(5);
  });

  afterAll(async () => {
    await server?.close();
    await feeds?.stop();
  });

  it("logs in with an app password as reader apps do, never with the account password", async () => {
    const made = await alice.request("POST", "/api/tokens", {
      json: { name: "Reeder", kind: "app_password", scope: "write" },
    });
    const password = made.body.data.secret as string;
    // NetNewsWire / Reeder: a form body, plain-text answer.
    const login = await client().request("POST", "/api/greader/accounts/ClientLogin", {
      headers: FORM,
      body: `Email=${encodeURIComponent(aliceEmail)}&Passwd=${encodeURIComponent(password)}`,
    });
    expect(login.status).toBe(200);
    expect(login.text).toMatch(/^SID=.+\nLSID=.+\nAuth=.+\n$/);
    auth = /Auth=(.+)\n/.exec(login.text)![1]!;
    // theoldreader's documented shape, JSON answer.
    const json = await client().request("POST", "/api/greader/accounts/ClientLogin", {
      headers: FORM,
      body: `output=json&client=Test&accountType=HOSTED_OR_GOOGLE&service=reader&Email=${encodeURIComponent(aliceEmail)}&Passwd=${encodeURIComponent(password)}`,
    });
    expect(json.body.Auth).toBe(auth);
    const wrong = await client().request("POST", "/api/greader/accounts/ClientLogin", {
      headers: FORM,
      body: `Email=${encodeURIComponent(aliceEmail)}&Passwd=${encodeURIComponent("correct horse battery")}`,
    });
    expect(wrong.status).toBe(401);
    expect(wrong.text).toContain("BadAuthentication");
    const token = await reader("GET", "/reader/api/0/token");
    expect(token.status).toBe(200);
    actionToken = token.text;
    expect(actionToken).toMatch(/^\S{57}\n$/);
    const info = await reader("GET", "/reader/api/0/user-info?output=json");
    expect(info.body.userEmail).toBe(aliceEmail);
  });

  it("lists subscriptions with their labels, tags and unread counts", async () => {
    const list = await reader("GET", "/reader/api/0/subscription/list?output=json");
    expect(list.status).toBe(200);
    expect(list.body.subscriptions).toEqual([
      expect.objectContaining({
        id: `feed/${feedUrl}`,
        title: "tech",
        categories: [{ id: "user/-/label/Tech", label: "Tech" }],
      }),
    ]);
    const tags = await reader("GET", "/reader/api/0/tag/list?output=json");
    expect(tags.body.tags).toContainEqual({ id: STARRED });
    expect(tags.body.tags).toContainEqual(expect.objectContaining({ id: "user/-/label/Tech" }));
    const counts = await reader("GET", "/reader/api/0/unread-count?output=json");
    expect(counts.body.unreadcounts).toContainEqual(
      expect.objectContaining({ id: `feed/${feedUrl}`, count: 5 }),
    );
    expect(counts.body.unreadcounts).toContainEqual(
      expect.objectContaining({ id: READING_LIST, count: 5 }),
    );
  });

  it("reads items through every id form", async () => {
    const ids = await reader(
      "GET",
      `/reader/api/0/stream/items/ids?output=json&s=${encodeURIComponent(READING_LIST)}&xt=${encodeURIComponent(READ)}&n=1000&r=o`,
    );
    expect(ids.status).toBe(200);
    const refs = (ids.body.itemRefs as { id: string }[]).map((r) => r.id);
    expect([...refs].sort()).toEqual([...entryIds].sort());
    // Oldest first.
    expect(refs).toEqual([...entryIds].reverse());
    const [a, b, c, d] = entryIds;
    const body = [
      `i=${a}`,
      `i=${encodeURIComponent(`tag:google.com,2005:reader/item/${hexOf(b!)}`)}`,
      `i=tag:google.com,2005:reader/item/${hexOf(c!).replace(/^0+/, "")}`,
      `i=${hexOf(d!)}`,
    ].join("&");
    const contents = await reader("POST", "/reader/api/0/stream/items/contents?output=json", body);
    expect(contents.status).toBe(200);
    const items = contents.body.items as {
      id: string;
      title: string;
      origin: { streamId: string };
    }[];
    expect(items.map((item) => item.id)).toEqual(
      [a, b, c, d].map((id) => `tag:google.com,2005:reader/item/${hexOf(id!)}`),
    );
    expect(items[0]!.origin.streamId).toBe(`feed/${feedUrl}`);
    expect(items[0]!.title).toMatch(/^tech post \d$/);
  });

  it("pages a stream with continuations, n, ot/nt and xt", async () => {
    const stream = encodeURIComponent(`feed/${feedUrl}`);
    const first = await reader("GET", `/reader/api/0/stream/contents/${stream}?output=json&n=2`);
    expect(first.body.items).toHaveLength(2);
    expect(first.body.continuation).toBeTruthy();
    const second = await reader(
      "GET",
      `/reader/api/0/stream/contents/${stream}?output=json&n=2&c=${first.body.continuation}`,
    );
    const third = await reader(
      "GET",
      `/reader/api/0/stream/contents/${stream}?output=json&n=2&c=${second.body.continuation}`,
    );
    const seen = [...first.body.items, ...second.body.items, ...third.body.items].map(
      (item: { id: string }) => item.id,
    );
    expect(new Set(seen).size).toBe(5);
    expect(third.body.continuation).toBeUndefined();
    // ot: items published on or after 3 May; nt: before 4 May.
    const ot = Date.UTC(2026, 4, 3) / 1000;
    const nt = Date.UTC(2026, 4, 4) / 1000;
    const window = await reader(
      "GET",
      `/reader/api/0/stream/contents/${stream}?output=json&ot=${ot}&nt=${nt}`,
    );
    expect(window.body.items.map((item: { title: string }) => item.title)).toEqual(["tech post 2"]);
    const label = await reader(
      "GET",
      `/reader/api/0/stream/contents/${encodeURIComponent("user/-/label/Tech")}?output=json&n=1`,
    );
    expect(label.body.items).toHaveLength(1);
  });

  it("marks one read and one unread, stars, and the web app agrees at once", async () => {
    const [first, second, third] = entryIds;
    const before = (await alice.request("GET", "/api/sync/version")).body.data;
    // Read, the long form, T with its trailing newline.
    const read = await reader(
      "POST",
      "/reader/api/0/edit-tag",
      `i=${encodeURIComponent(`tag:google.com,2005:reader/item/${hexOf(first!)}`)}&a=${encodeURIComponent(READ)}&T=${encodeURIComponent(actionToken)}`,
    );
    expect(read.status).toBe(200);
    expect(read.text).toBe("OK");
    expect(await webRead(first!)).toBe(true);
    const after = (await alice.request("GET", "/api/sync/version")).body.data;
    expect(JSON.stringify(after)).not.toBe(JSON.stringify(before));
    // Unread again: read in the web app, then `r=read` with a decimal id and no content type.
    await alice.request("POST", "/api/reads", { json: { entryIds: [second] } });
    expect(await webRead(second!)).toBe(true);
    const unread = await reader(
      "POST",
      "/reader/api/0/edit-tag",
      `i=${second}&r=${READ}`,
      auth,
      {},
    );
    expect(unread.text).toBe("OK");
    expect(await webRead(second!)).toBe(false);
    // Starred, the bare hex form.
    const star = await reader("POST", "/reader/api/0/edit-tag", `i=${hexOf(third!)}&a=${STARRED}`);
    expect(star.text).toBe("OK");
    const stars = await webEntries({ isCollection: true });
    expect(stars.map((item) => item.entries.id)).toEqual([third]);
    const starred = await reader(
      "GET",
      `/reader/api/0/stream/contents/${encodeURIComponent(STARRED)}?output=json`,
    );
    expect(starred.body.items).toHaveLength(1);
    expect(starred.body.items[0].categories).toContain(STARRED);
    // A change in the web app shows through the API.
    const readIds = await reader(
      "GET",
      `/reader/api/0/stream/items/ids?output=json&s=${encodeURIComponent(READ)}&n=100`,
    );
    expect(readIds.body.itemRefs.map((r: { id: string }) => r.id)).toEqual([first]);
  });

  it("shows her tags on entries as labels, and tags through edit-tag reach the web app", async () => {
    const [, , , fourth, fifth] = entryIds;
    const KEEP = "user/-/label/Keep";
    // Tagged in the web app, tagged through the API: both are the label's stream.
    const web = await alice.request("POST", "/api/tags/entries", {
      json: { entryId: fifth, tag: "Keep" },
    });
    expect(web.status).toBe(200);
    const tagged = await reader(
      "POST",
      "/reader/api/0/edit-tag",
      `i=${hexOf(fourth!)}&a=${encodeURIComponent(KEEP)}`,
    );
    expect(tagged.text).toBe("OK");
    const inWeb = await alice.request("GET", "/api/tags/entries");
    expect(
      (inWeb.body.data as { entryId: string; tag: string }[])
        .filter((row) => row.tag === "Keep")
        .map((row) => row.entryId)
        .sort(),
    ).toEqual([fourth, fifth].sort());

    const tags = await reader("GET", "/reader/api/0/tag/list?output=json");
    expect(tags.body.tags).toContainEqual({ id: KEEP, label: "Keep", type: "tag" });
    expect(tags.body.tags).toContainEqual({
      id: "user/-/label/Tech",
      label: "Tech",
      type: "folder",
    });
    const stream = await reader(
      "GET",
      `/reader/api/0/stream/contents/${encodeURIComponent(KEEP)}?output=json&n=1`,
    );
    expect(stream.body.items).toHaveLength(1);
    expect(stream.body.items[0].categories).toEqual(
      expect.arrayContaining([KEEP, "user/-/label/Tech"]),
    );
    const rest = await reader(
      "GET",
      `/reader/api/0/stream/contents/${encodeURIComponent(KEEP)}?output=json&n=5&c=${stream.body.continuation}`,
    );
    expect(rest.body.continuation).toBeUndefined();
    const both = [...stream.body.items, ...rest.body.items].map((item: { id: string }) => item.id);
    expect(both.sort()).toEqual([fourth, fifth].map((id) => longOf(id!)).sort());
    const ids = await reader(
      "GET",
      `/reader/api/0/stream/items/ids?output=json&s=${encodeURIComponent(KEEP)}&r=o&n=10`,
    );
    expect(ids.body.itemRefs).toHaveLength(2);
    const atom = await reader("GET", `/reader/atom/${encodeURIComponent(KEEP)}?n=5`);
    expect(atom.text).toContain(`term="${KEEP}"`);

    // Removing the label takes the tag off in the web app too.
    await reader("POST", "/reader/api/0/edit-tag", `i=${fourth}&r=${encodeURIComponent(KEEP)}`);
    const after = await reader(
      "GET",
      `/reader/api/0/stream/items/ids?output=json&s=${encodeURIComponent(KEEP)}`,
    );
    expect(after.body.itemRefs).toHaveLength(1);

    // Another person's app password sees none of her tags.
    const bobAuth = await anotherPersonsAppPassword("bob-greader-tags", "read");
    const theirs = await reader(
      "GET",
      `/reader/api/0/stream/contents/${encodeURIComponent(KEEP)}?output=json`,
      undefined,
      bobAuth,
    );
    expect(theirs.body.items).toEqual([]);
    const theirTags = await reader("GET", "/reader/api/0/tag/list?output=json", undefined, bobAuth);
    expect(theirTags.body.tags.map((tag: { id: string }) => tag.id)).not.toContain(KEEP);
  });

  it("edits subscriptions and labels, adds by URL, exports OPML", async () => {
    const T = `&T=${encodeURIComponent(actionToken)}`;
    const edit = await reader(
      "POST",
      "/reader/api/0/subscription/edit",
      `ac=edit&s=${encodeURIComponent(`feed/${feedUrl}`)}&t=Renamed&a=${encodeURIComponent("user/-/label/News")}${T}`,
    );
    expect(edit.text).toBe("OK");
    const web = await alice.request("GET", "/api/subscriptions");
    const mine = web.body.data.find((s: { feedId?: string }) => s.feedId === feedId);
    expect(mine).toMatchObject({ title: "Renamed", category: "News" });
    const renamed = await reader(
      "POST",
      "/reader/api/0/rename-tag",
      `s=${encodeURIComponent("user/-/label/News")}&dest=${encodeURIComponent("user/-/label/Daily")}${T}`,
    );
    expect(renamed.text).toBe("OK");
    const tags = await reader("GET", "/reader/api/0/tag/list?output=json");
    expect(tags.body.tags.map((t: { id: string }) => t.id)).toContain("user/-/label/Daily");
    const second = feeds.serve("/more.xml", feedXml("more", 2));
    const added = await reader(
      "POST",
      "/reader/api/0/subscription/quickadd",
      `quickadd=${encodeURIComponent(second)}${T}`,
    );
    expect(added.body).toMatchObject({ numResults: 1, streamId: `feed/${second}` });
    const subscribe = await reader(
      "POST",
      "/reader/api/0/subscription/edit",
      `ac=unsubscribe&s=${encodeURIComponent(`feed/${second}`)}${T}`,
    );
    expect(subscribe.text).toBe("OK");
    const disabled = await reader(
      "POST",
      "/reader/api/0/disable-tag",
      `s=${encodeURIComponent("user/-/label/Daily")}${T}`,
    );
    expect(disabled.text).toBe("OK");
    const after = await alice.request("GET", "/api/subscriptions");
    expect(after.body.data.map((s: { feedId?: string }) => s.feedId)).toEqual([feedId]);
    expect(after.body.data[0].category).toBeNull();
    const opml = await reader("GET", "/reader/api/0/subscription/export");
    expect(opml.headers.get("content-type")).toContain("opml");
    expect(opml.text).toContain(feedUrl.replaceAll("&", "&amp;"));
  });

  it("serves the Atom stream with read, fresh and kept-unread labels", async () => {
    const atom = await reader("GET", `/reader/atom/${encodeURIComponent(READING_LIST)}?n=5`);
    expect(atom.status).toBe(200);
    expect(atom.headers.get("content-type")).toContain("atom");
    expect(atom.text.match(/<entry /g)).toHaveLength(5);
    expect(atom.text).toContain('label="read"');
    expect(atom.text).toContain('label="fresh"');
    expect(atom.text).toContain('label="kept-unread"');
  });

  it("marks all read in a stream up to ts", async () => {
    const ts = `${Date.UTC(2026, 4, 3, 12)}000`;
    const marked = await reader(
      "POST",
      "/reader/api/0/mark-all-as-read",
      `s=${encodeURIComponent(`feed/${feedUrl}`)}&ts=${ts}&T=${encodeURIComponent(actionToken)}`,
    );
    expect(marked.text).toBe("OK");
    const items = await webEntries({ feedId });
    const unread = items.filter((item) => !item.read).map((item) => item.entries.id);
    // 1 to 3 May are read now; of 4 and 5 May, what was unread (4 May) stays so.
    expect(unread).toEqual([entryIds[1]]);
  });

  it("answers bad, revoked and read-only credentials as clients expect", async () => {
    const bad = await reader(
      "GET",
      "/reader/api/0/subscription/list?output=json",
      undefined,
      "nope",
    );
    expect(bad.status).toBe(401);
    expect(bad.headers.get("google-bad-token")).toBe("true");
    const wrongT = await reader(
      "POST",
      "/reader/api/0/edit-tag",
      `i=${entryIds[0]}&a=${READ}&T=wrong`,
    );
    expect(wrongT.status).toBe(401);
    const made = await alice.request("POST", "/api/tokens", {
      json: { name: "read only", kind: "app_password", scope: "read" },
    });
    const readOnly = made.body.data.secret as string;
    expect(
      (await reader("GET", "/reader/api/0/subscription/list", undefined, readOnly)).status,
    ).toBe(200);
    const refused = await reader(
      "POST",
      "/reader/api/0/edit-tag",
      `i=${entryIds[1]}&a=${READ}`,
      readOnly,
    );
    expect(refused.status).toBe(403);
    expect(await webRead(entryIds[1]!)).toBe(false);
    await alice.request("DELETE", "/api/tokens", { json: { id: made.body.data.id } });
    const revoked = await reader("GET", "/reader/api/0/subscription/list", undefined, readOnly);
    expect(revoked.status).toBe(401);
    expect(revoked.headers.get("google-bad-token")).toBe("true");
  });

  it("serves her inbox as a stream she follows, and to nobody else", async () => {
    const handle = `gr${Date.now().toString(36)}`;
    const made = await alice.request("POST", "/api/inboxes", { json: { handle } });
    expect(made.status).toBe(200);
    const hook = { "x-inbox-secret": made.body.data.secret as string };
    for (const i of [1, 2]) {
      const posted = await alice.request("POST", `/api/inbox-webhooks/${handle}`, {
        json: {
          title: `Mail ${i}`,
          guid: `mail-${i}`,
          publishedAt: new Date(Date.UTC(2026, 5, i)).toISOString(),
        },
        headers: hook,
      });
      expect(posted.status).toBe(200);
    }
    const stream = `feed/folo-inbox:${handle}`;
    const list = await reader("GET", "/reader/api/0/subscription/list?output=json");
    expect(list.body.subscriptions.map((s: { id: string }) => s.id)).toContain(stream);
    const contents = await reader(
      "GET",
      `/reader/api/0/stream/contents/${encodeURIComponent(stream)}?output=json&n=1`,
    );
    expect(contents.body.items.map((item: { title: string }) => item.title)).toEqual(["Mail 2"]);
    expect(contents.body.items[0].origin.streamId).toBe(stream);
    const rest = await reader(
      "GET",
      `/reader/api/0/stream/contents/${encodeURIComponent(stream)}?output=json&n=5&c=${contents.body.continuation}`,
    );
    expect(rest.body.items.map((item: { title: string }) => item.title)).toEqual(["Mail 1"]);
    const counts = await reader("GET", "/reader/api/0/unread-count?output=json");
    expect(counts.body.unreadcounts).toContainEqual(
      expect.objectContaining({ id: stream, count: 2 }),
    );
    const marked = await reader(
      "POST",
      "/reader/api/0/mark-all-as-read",
      `s=${encodeURIComponent(stream)}`,
    );
    expect(marked.text).toBe("OK");
    const web = await alice.request("POST", "/api/entries/inbox", { json: { inboxId: handle } });
    expect(web.body.data.map((item: { read: boolean }) => item.read)).toEqual([true, true]);
  });

  it("shows another person nothing of hers and changes nothing of hers", async () => {
    const bobAuth = await anotherPersonsAppPassword("bob-greader", "write");
    const contents = await reader(
      "POST",
      "/reader/api/0/stream/items/contents",
      entryIds.map((id) => `i=${id}`).join("&"),
      bobAuth,
    );
    expect(contents.body.items).toEqual([]);
    const stream = await reader(
      "GET",
      `/reader/api/0/stream/contents/${encodeURIComponent(`feed/${feedUrl}`)}`,
      undefined,
      bobAuth,
    );
    expect(stream.body.items).toEqual([]);
    const inboxes = await alice.request("GET", "/api/inboxes/list");
    for (const inbox of inboxes.body.data as { id: string }[]) {
      const theirs = await reader(
        "GET",
        `/reader/api/0/stream/contents/${encodeURIComponent(`feed/folo-inbox:${inbox.id}`)}`,
        undefined,
        bobAuth,
      );
      expect(theirs.body.items).toEqual([]);
    }
    const before = await webEntries({ feedId });
    await reader(
      "POST",
      "/reader/api/0/edit-tag",
      `i=${entryIds[0]}&r=${READ}&a=${STARRED}`,
      bobAuth,
    );
    expect(await webEntries({ feedId })).toEqual(before);
  });
});
