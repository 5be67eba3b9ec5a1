import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FeedServer } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";

/**
 * Timelines published as RSS/Atom at a secret URL: only the owner's entries, private
 * subscriptions and inbox mail left out unless published explicitly, a rotated or revoked
 * secret dead at once, another person unable to reach or change them, ETag answered with 304.
 */

function feedXml(name: string, count: number): string {
  const items = Array.from({ length: count }, (_, i) => {
    const date = new Date(Date.UTC(2026, 4, 1 + i, 10)).toUTCString();
    return `<item><guid>${name}-${i}</guid><title>${name} post ${i}</title>
<link>https://example.com/${name}/${i}</link><pubDate>${date}</pubDate>
<description><![CDATA[<p>Body of ${name} ${i}</p><script>alert(1)</script>]]></description></item>`;
  }).join("\n");
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>${name}</title>
<link>https://example.com/${name}</link><description>${name}</description>${items}</channel></rss>`;
}

describe.each(DIALECTS)("published feeds on %s", (dialect) => {
  let server: TestServer;
  let feeds: FeedServer;
  let alice: TestClient;
  let bob: TestClient;
  let techEntryIds: string[];
  const client = () => new TestClient(server.localUrl);
  const fetchFeed = (path: string, headers: Record<string, string> = {}) =>
    client().request("GET", path, { headers });

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    server = await startTestServer(dialect, {
      AUTH_RATE_LIMIT_MAX: "1000",
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      INGEST_POLL_SECONDS: "3600",
    });
    alice = client();
    await alice.signUp(uniqueEmail("alice-pub"));
    bob = client();
    await bob.signUp(uniqueEmail("bob-pub"));
    const tech = await alice.request("POST", "/api/subscriptions", {
      json: { url: feeds.serve("/tech.xml", feedXml("tech", 3)), view: 0, category: "Tech" },
    });
    expect(tech.status).toBe(200);
    const hidden = await alice.request("POST", "/api/subscriptions", {
      json: {
        url: feeds.serve("/diary.xml", feedXml("diary", 2)),
        view: 0,
        category: "Tech",
        isPrivate: true,
      },
    });
    expect(hidden.status).toBe(200);
    const listed = await alice.request("POST", "/api/entries", {
      json: { feedId: tech.body.feed.id, limit: 10 },
    });
    techEntryIds = listed.body.data.map((item: { entries: { id: string } }) => item.entries.id);
    expect(techEntryIds).toHaveLength(3);
  });

  afterAll(async () => {
    await server?.close();
    await feeds?.stop();
  });

  it("publishes a category as RSS and Atom without private subscriptions, escaped and sanitized", async () => {
    const made = await alice.request("POST", "/api/published-feeds", {
      json: { kind: "category", target: "Tech" },
    });
    expect(made.status).toBe(200);
    const { rssPath, atomPath } = made.body.data;
    expect(rssPath).toMatch(/^\/feeds\/published\/[A-Za-z0-9_-]{43}\.xml$/);
    const rss = await fetchFeed(rssPath);
    expect(rss.status).toBe(200);
    expect(rss.headers.get("content-type")).toMatch(/application\/rss\+xml/);
    expect(rss.text).toContain("<title>tech post 2</title>");
    expect(rss.text).toContain("&lt;p&gt;Body of tech 2&lt;/p&gt;");
    expect(rss.text).not.toContain("diary");
    expect(rss.text).not.toMatch(/<script|&lt;script/);
    const atom = await fetchFeed(atomPath);
    expect(atom.headers.get("content-type")).toMatch(/application\/atom\+xml/);
    expect(atom.text).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
    expect(atom.text.match(/<entry>/g)).toHaveLength(3);

    // Published again with the private subscription explicitly included: a new secret.
    const all = await alice.request("POST", "/api/published-feeds", {
      json: { kind: "category", target: "Tech", includePrivate: true },
    });
    expect((await fetchFeed(all.body.data.rssPath)).text).toContain("diary post 1");
    expect((await fetchFeed(rssPath)).status).toBe(404);
    const listed = await alice.request("GET", "/api/published-feeds");
    expect(listed.body.data).toEqual([
      expect.objectContaining({ kind: "category", target: "Tech", includePrivate: true }),
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(all.body.data.rssPath.slice(17, 40));
  });

  it("answers an unchanged feed with 304 to its ETag", async () => {
    const made = await alice.request("POST", "/api/published-feeds", { json: { kind: "starred" } });
    await alice.request("POST", "/api/collections", { json: { entryId: techEntryIds[0] } });
    const first = await fetchFeed(made.body.data.rssPath);
    expect(first.text.match(/<item>/g)).toHaveLength(1);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^".+"$/);
    const again = await fetchFeed(made.body.data.rssPath, { "if-none-match": etag });
    expect(again.status).toBe(304);
    await alice.request("POST", "/api/collections", { json: { entryId: techEntryIds[1] } });
    const changed = await fetchFeed(made.body.data.rssPath, { "if-none-match": etag });
    expect(changed.status).toBe(200);
    expect(changed.text.match(/<item>/g)).toHaveLength(2);
  });

  it("stops serving a rotated or revoked secret at once", async () => {
    const made = await alice.request("POST", "/api/published-feeds", { json: { kind: "starred" } });
    const rotated = await alice.request("POST", "/api/published-feeds/rotate", {
      json: { id: made.body.data.id },
    });
    expect(rotated.status).toBe(200);
    expect(rotated.body.data.rssPath).not.toBe(made.body.data.rssPath);
    expect((await fetchFeed(made.body.data.rssPath)).status).toBe(404);
    expect((await fetchFeed(rotated.body.data.rssPath)).status).toBe(200);
    const revoked = await alice.request("DELETE", "/api/published-feeds", {
      json: { id: made.body.data.id },
    });
    expect(revoked.status).toBe(200);
    expect((await fetchFeed(rotated.body.data.rssPath)).status).toBe(404);
    expect((await fetchFeed("/feeds/published/not-a-secret.xml")).status).toBe(404);
  });

  it("publishes her own list and a saved search, and keeps her inbox mail out of starred", async () => {
    const list = await alice.request("POST", "/api/lists", { json: { title: "Picks", view: 0 } });
    const listId = list.body.data.id as string;
    const subs = await alice.request("GET", "/api/subscriptions");
    const tech = subs.body.data.find((s: { feeds: { title: string } }) => s.feeds.title === "tech");
    const added = await alice.request("POST", "/api/lists/feeds", {
      json: { listId, feedId: tech.feedId },
    });
    expect(added.status).toBe(200);
    const listFeed = await alice.request("POST", "/api/published-feeds", {
      json: { kind: "list", target: listId },
    });
    expect(listFeed.status).toBe(200);
    const listed = await fetchFeed(listFeed.body.data.rssPath);
    expect(listed.text).toContain("<title>Picks</title>");
    expect(listed.text.match(/<item>/g)).toHaveLength(3);

    const savedId = `${Date.now()}123`;
    const saved = await alice.request("POST", "/api/search/saved", {
      json: { id: savedId, name: "Diary words", keyword: "diary", filters: {} },
    });
    expect(saved.status).toBe(200);
    const search = await alice.request("POST", "/api/published-feeds", {
      json: { kind: "saved_search", target: savedId },
    });
    // Its only matches are of a privately subscribed feed: left out unless included.
    expect((await fetchFeed(search.body.data.rssPath)).text).not.toContain("<item>");
    const open = await alice.request("POST", "/api/published-feeds", {
      json: { kind: "saved_search", target: savedId, includePrivate: true },
    });
    expect((await fetchFeed(open.body.data.rssPath)).text).toContain("diary post");

    const handle = `pub${Date.now().toString(36)}${dialect.slice(0, 2)}`;
    const inbox = await alice.request("POST", "/api/inboxes", { json: { handle } });
    await alice.request("POST", `/api/inbox-webhooks/${handle}`, {
      json: { title: "Private mail", guid: "m-1", publishedAt: new Date().toISOString() },
      headers: { "x-inbox-secret": inbox.body.data.secret as string },
    });
    const mail = await alice.request("POST", "/api/entries/inbox", { json: { inboxId: handle } });
    await alice.request("POST", "/api/collections", {
      json: { entryId: mail.body.data[0].entries.id },
    });
    const starred = await alice.request("POST", "/api/published-feeds", {
      json: { kind: "starred" },
    });
    expect((await fetchFeed(starred.body.data.rssPath)).text).not.toContain("Private mail");
  });

  it("keeps another person out of hers, and refuses timelines that are not theirs", async () => {
    const hers = await alice.request("POST", "/api/published-feeds", { json: { kind: "starred" } });
    const id = hers.body.data.id;
    expect((await bob.request("GET", "/api/published-feeds")).body.data).toEqual([]);
    expect(
      (await bob.request("POST", "/api/published-feeds/rotate", { json: { id } })).status,
    ).toBe(404);
    await bob.request("DELETE", "/api/published-feeds", { json: { id } });
    expect((await fetchFeed(hers.body.data.rssPath)).status).toBe(200);
    // Bob publishing a category name he does not have, or her list, is refused.
    const category = await bob.request("POST", "/api/published-feeds", {
      json: { kind: "category", target: "Tech" },
    });
    expect(category.status).toBe(403);
    const list = await alice.request("POST", "/api/lists", { json: { title: "Hers", view: 0 } });
    expect(list.status).toBe(200);
    const listId = list.body.data.id as string;
    const bobs = await bob.request("POST", "/api/published-feeds", {
      json: { kind: "list", target: listId },
    });
    expect(bobs.status).toBe(403);
    // Bob's own starred feed holds nothing of hers.
    const own = await bob.request("POST", "/api/published-feeds", { json: { kind: "starred" } });
    expect((await fetchFeed(own.body.data.rssPath)).text).not.toContain("<item>");
    // Without a session nothing is made or listed.
    expect((await client().request("GET", "/api/published-feeds")).status).toBe(401);
  });
});
