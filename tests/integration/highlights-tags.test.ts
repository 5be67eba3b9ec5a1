import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase } from "../../server/db/connect.ts";
import { listEntryTags } from "../../server/storage/entry-tags.ts";
import { FeedServer } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";

function feedXml(count: number): string {
  const items = Array.from({ length: count }, (_, i) => {
    const date = new Date(Date.now() - (i + 1) * 3_600_000).toUTCString();
    return `<item><guid>g${i}</guid><title>Post ${i}</title>
<link>https://example.com/${i}</link><pubDate>${date}</pubDate>
<description>The quick brown fox number ${i} jumps over the lazy dog.</description></item>`;
  }).join("\n");
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>Foxes</title>
<link>https://foxes.example.com/</link><description>Foxes</description>${items}</channel></rss>`;
}

const H1 = "1810000000000000001";
const H2 = "1810000000000000002";

describe.each(DIALECTS)("highlights and entry tags on %s", (dialect) => {
  let server: TestServer;
  let feeds: FeedServer;
  let alice: TestClient;
  let bob: TestClient;
  let entryIds: string[] = [];

  const highlights = (client: TestClient) => client.request("GET", "/api/highlights");
  const tags = (client: TestClient) => client.request("GET", "/api/tags/entries");
  const passage = (id: string, entryId: string) => ({
    id,
    entryId,
    color: "yellow",
    exact: "brown fox",
    prefix: "The quick ",
    suffix: " number",
    start: 10,
    end: 19,
  });

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    server = await startTestServer(dialect, {
      AUTH_RATE_LIMIT_MAX: "1000",
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      INGEST_POLL_SECONDS: "3600",
    });
    const url = feeds.serve("/foxes.xml", feedXml(3));
    alice = new TestClient(server.localUrl);
    bob = new TestClient(server.localUrl);
    await alice.signUp(uniqueEmail("alice-highlights"));
    await bob.signUp(uniqueEmail("bob-highlights"));
    const sub = await alice.request("POST", "/api/subscriptions", { json: { url, view: 0 } });
    expect(sub.status).toBe(200);
    const list = await alice.request("POST", "/api/entries", {
      json: { feedId: sub.body.feed.id },
    });
    entryIds = (list.body.data as { entries: { id: string } }[]).map((item) => item.entries.id);
    expect(entryIds.length).toBe(3);
  });
  afterAll(async () => {
    await server?.close();
    await feeds?.stop();
  });

  it("creates, recolours, annotates and deletes a highlight", async () => {
    const created = await alice.request("POST", "/api/highlights", {
      json: passage(H1, entryIds[0]!),
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ id: H1, exact: "brown fox", note: "" });
    // A retried create answers the stored highlight unchanged.
    const again = await alice.request("POST", "/api/highlights", {
      json: { ...passage(H1, entryIds[0]!), color: "blue" },
    });
    expect(again.body.data.color).toBe("yellow");
    await alice.request("PATCH", "/api/highlights", { json: { id: H1, color: "green" } });
    await alice.request("PATCH", "/api/highlights", { json: { id: H1, note: "Foxes are fast" } });
    expect((await highlights(alice)).body.data).toEqual([
      expect.objectContaining({
        id: H1,
        color: "green",
        note: "Foxes are fast",
        start: 10,
        end: 19,
      }),
    ]);
    await alice.request("POST", "/api/highlights", { json: passage(H2, entryIds[1]!) });
    const removed = await alice.request("DELETE", "/api/highlights", { json: { id: H2 } });
    expect(removed.body).toEqual({ code: 0 });
    expect((await highlights(alice)).body.data.map((h: { id: string }) => h.id)).toEqual([H1]);
  });

  it("refuses a colour outside the palette and a passage that ends before it starts", async () => {
    const colour = await alice.request("POST", "/api/highlights", {
      json: { ...passage(H2, entryIds[0]!), color: "#ff0000" },
    });
    expect(colour.status).toBe(400);
    const backwards = await alice.request("POST", "/api/highlights", {
      json: { ...passage(H2, entryIds[0]!), start: 20, end: 5 },
    });
    expect(backwards.body.code).toBe(1002);
  });

  it("keeps highlights and tags to their owner, and refuses entries one cannot see", async () => {
    await alice.request("POST", "/api/tags/entries", {
      json: { entryId: entryIds[0], tag: "secret-tag" },
    });
    const before = (await highlights(alice)).body.data;
    expect((await highlights(bob)).body.data).toEqual([]);
    expect((await tags(bob)).body.data).toEqual([]);
    // Bob does not follow Alice's feed: its entries are not his to highlight or tag.
    const foreign = await bob.request("POST", "/api/highlights", {
      json: passage(H2, entryIds[0]!),
    });
    expect(foreign.body.code).toBe(3000);
    const tag = await bob.request("POST", "/api/tags/entries", {
      json: { entryId: entryIds[0], tag: "mine" },
    });
    expect(tag.body.code).toBe(3000);
    // Alice's ids name nothing of Bob's: changing them is refused, deleting them does nothing.
    const recolour = await bob.request("PATCH", "/api/highlights", {
      json: { id: H1, color: "pink" },
    });
    expect(recolour.body.code).toBe(1002);
    await bob.request("DELETE", "/api/highlights", { json: { id: H1 } });
    await bob.request("DELETE", "/api/tags/entries", {
      json: { entryId: entryIds[0], tag: "secret-tag" },
    });
    await bob.request("PATCH", "/api/tags", { json: { from: "secret-tag", to: "bobs" } });
    expect((await highlights(alice)).body.data).toEqual(before);
    expect((await tags(alice)).body.data.map((t: { tag: string }) => t.tag)).toEqual([
      "secret-tag",
    ]);
  });

  it("tags, renames and merges tags, and lists an entry's tags for other readers", async () => {
    const add = (entryId: string, tag: string) =>
      alice.request("POST", "/api/tags/entries", { json: { entryId, tag } });
    await add(entryIds[1]!, "foxes");
    await add(entryIds[1]!, "foxes");
    await add(entryIds[2]!, "animals");
    await add(entryIds[1]!, "animals");
    await alice.request("PATCH", "/api/tags", { json: { from: "foxes", to: "animals" } });
    const pairs = (await tags(alice)).body.data.map(
      (t: { entryId: string; tag: string }) => `${t.entryId}:${t.tag}`,
    );
    expect(pairs.sort()).toEqual(
      [`${entryIds[0]}:secret-tag`, `${entryIds[1]}:animals`, `${entryIds[2]}:animals`].sort(),
    );
    // tag: in a search keeps to the entries carrying the tag (or, negated, the others).
    const search = async (keyword: string) =>
      (
        (await alice.request("POST", "/api/search", { json: { keyword, type: "entries" } })).body
          .data.entries as { entries: { id: string } }[]
      )
        .map((hit) => hit.entries.id)
        .sort();
    expect(await search("fox tag:animals")).toEqual([entryIds[1], entryIds[2]].sort());
    expect(await search("fox -tag:animals")).toEqual([entryIds[0]]);
    // A highlight's note is searched too: "fast" is only in Alice's note on the first entry.
    expect(await search("fast")).toEqual([entryIds[0]]);
    expect(await search("fast tag:animals")).toEqual([]);
    // Bob's search does not see Alice's tags.
    const bobs = await bob.request("POST", "/api/search", { json: { keyword: "fox tag:animals" } });
    expect(bobs.body.data.entries).toEqual([]);
    await alice.request("DELETE", "/api/tags/entries", {
      json: { entryId: entryIds[0], tag: "secret-tag" },
    });
    const me = await alice.request("GET", "/api/better-auth/get-session");
    const database = connectDatabase({
      databaseUrl: server.postgres?.url,
      databasePath: join(server.dataDir, "follow.sqlite"),
    });
    const byEntry = await listEntryTags(database, me.body.user.id, entryIds).finally(() =>
      database.close(),
    );
    expect(Object.fromEntries(byEntry)).toEqual({
      [entryIds[1]!]: ["animals"],
      [entryIds[2]!]: ["animals"],
    });
    const bad = await alice.request("POST", "/api/tags/entries", {
      json: { entryId: entryIds[0], tag: "a,b" },
    });
    expect(bad.status).toBe(400);
  });

  it("lets an action rule tag the entries it matches", async () => {
    const rules = await alice.request("PUT", "/api/actions", {
      json: {
        rules: [
          {
            name: "Foxes",
            condition: [{ field: "entry_title", operator: "contains", value: "Post 2" }],
            result: { tags: ["from-rule"] },
          },
        ],
      },
    });
    expect(rules.status).toBe(200);
    const applied = await alice.request("POST", "/api/actions/apply", { json: { days: 7 } });
    expect(applied.body.data.matched).toBeGreaterThan(0);
    const pairs = (await tags(alice)).body.data.filter(
      (t: { tag: string }) => t.tag === "from-rule",
    );
    expect(pairs.map((t: { entryId: string }) => t.entryId)).toHaveLength(1);
    expect((await tags(bob)).body.data).toEqual([]);
  });
});
