import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientMigrations } from "../../migrations/client/index.ts";
import type { Engine } from "./engine.ts";
import { openMemoryDatabase } from "./node.ts";
import { SearchSyntaxError, searchLocal } from "./search-local.ts";

const ENTRIES = [
  [
    "e1",
    "f1",
    "Sourdough bread at home",
    "<p>A <b>starter</b> needs flour &amp; water.</p>",
    "Ada",
    "2026-05-01T00:00:00.000Z",
    0,
  ],
  [
    "e2",
    "f1",
    "Winter soup",
    "<p>Onion soup with bread on top.</p><script>bread()</script>",
    "Grace",
    "2026-05-03T00:00:00.000Z",
    1,
  ],
  [
    "e3",
    "f2",
    "中文标题",
    "<p>这是一个关于全文搜索的测试。</p>",
    null,
    "2026-05-04T00:00:00.000Z",
    0,
  ],
  [
    "e4",
    "f2",
    "Pruning roses",
    "<p>Bread is not fertiliser.</p>",
    "Grace",
    "2026-04-01T00:00:00.000Z",
    0,
  ],
] as const;

describe("local search over follow.db", () => {
  let db: Engine;
  const titles = async (keyword: string, extra: Record<string, unknown> = {}) =>
    (await searchLocal(db, { keyword, ...extra })).entries.map((hit) => hit.entries.title);

  beforeAll(async () => {
    db = await openMemoryDatabase();
    await db.execute(
      "INSERT INTO feeds (id, url, title, description) VALUES ('f1', 'https://k.example/feed', 'Kitchen Notes', 'Recipes'), ('f2', 'https://g.example/feed', 'Garden Diary', 'Roses')",
    );
    await db.execute(
      "INSERT INTO subscriptions (id, feed_id, user_id, view, is_private, type, category) VALUES ('feed/f1', 'f1', 'u', 0, 0, 'feed', 'Food'), ('feed/f2', 'f2', 'u', 1, 0, 'feed', NULL)",
    );
    for (const [id, feed, title, content, author, published, read] of ENTRIES) {
      await db.execute(
        "INSERT INTO entries (id, feed_id, guid, title, content, author, inserted_at, published_at, read) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [id, feed, id, title, content, author, published, published, read],
      );
    }
  });
  afterAll(() => db.close());

  it("ranks, marks and says it answered locally", async () => {
    const results = await searchLocal(db, { keyword: "bread" });
    expect(results.mode).toBe("local");
    expect(results.entries[0]!.entries.title).toBe("Sourdough bread at home");
    expect(new Set(results.entries.map((hit) => hit.entries.id))).toEqual(
      new Set(["e1", "e2", "e4"]),
    );
    const soup = results.entries.find((hit) => hit.entries.id === "e2")!;
    expect(soup.snippet.text).not.toContain("bread()");
    const [[start, end]] = soup.snippet.ranges as [[number, number]];
    expect(soup.snippet.text.slice(start, end)).toBe("bread");
  });

  it("reads the same syntax and filters as the server", async () => {
    expect(await titles('"bread on top"')).toEqual(["Winter soup"]);
    expect(new Set(await titles("bread -soup"))).toEqual(
      new Set(["Sourdough bread at home", "Pruning roses"]),
    );
    expect(await titles("author:ada")).toEqual(["Sourdough bread at home"]);
    expect(await titles("flour")).toEqual(["Sourdough bread at home"]);
    expect(await titles("搜索")).toEqual(["中文标题"]);
    expect(await titles("bread", { view: 1 })).toEqual(["Pruning roses"]);
    expect(await titles("bread", { unread: false })).toEqual(["Winter soup"]);
    expect(
      await titles("bread", { category: "Food", publishedSince: "2026-05-02T00:00:00Z" }),
    ).toEqual(["Winter soup"]);
    await expect(searchLocal(db, { keyword: '"open' })).rejects.toBeInstanceOf(SearchSyntaxError);
  });

  it("finds feeds and follows entry edits and deletes", async () => {
    const feeds = await searchLocal(db, { keyword: "kitchen", type: "feeds" });
    expect(feeds.feeds.map((hit) => hit.feed.id)).toEqual(["f1"]);
    await db.execute("UPDATE entries SET content = '<p>Rye and caraway.</p>' WHERE id = 'e1'");
    expect(await titles("caraway")).toEqual(["Sourdough bread at home"]);
    expect(await titles("flour")).toEqual([]);
    await db.execute("DELETE FROM entries WHERE id = 'e1'");
    expect(await titles("caraway")).toEqual([]);
  });

  it("re-stores an entry whose text changed before the index caught up", async () => {
    const upsert = (title: string) =>
      db.execute(
        `INSERT INTO entries (id, feed_id, guid, title, inserted_at, published_at)
         VALUES ('e9', 'f2', 'e9', ?, '2026-05-05', '2026-05-05')
         ON CONFLICT (id) DO UPDATE SET title = excluded.title`,
        [title],
      );
    await upsert("Tulip bulbs");
    // Still noted as changed (no search ran since): a second upsert must not fail on the note.
    await upsert("Crocus bulbs");
    expect(await titles("crocus")).toEqual(["Crocus bulbs"]);
    expect(await titles("tulip")).toEqual([]);
  });

  it("indexes entries stored before the search migration", async () => {
    const old = await openMemoryDatabase({
      name: "before-search",
      migrations: clientMigrations.slice(0, 3),
    });
    await old.execute(
      "INSERT INTO feeds (id, url, title) VALUES ('f1', 'https://k.example/feed', 'Kitchen')",
    );
    await old.execute(
      "INSERT INTO subscriptions (id, feed_id, user_id, view, is_private, type) VALUES ('feed/f1', 'f1', 'u', 0, 0, 'feed')",
    );
    await old.execute(
      "INSERT INTO entries (id, feed_id, guid, title, description, inserted_at, published_at) VALUES ('x', 'f1', 'x', 'Old post', 'quokka smiles', '2026-01-01', '2026-01-01')",
    );
    await old.close();
    const migrated = await openMemoryDatabase({ name: "before-search" });
    const results = await searchLocal(migrated, { keyword: "quokka" });
    expect(results.entries.map((hit) => hit.entries.id)).toEqual(["x"]);
    await migrated.close();
  });

  it("keeps to tagged entries with tag:, and finds an entry by its highlights and notes", async () => {
    await db.execute(
      "INSERT INTO entry_tags (entry_id, tag, created_at) VALUES ('e4', 'baking', 'x')",
    );
    expect(await titles("bread tag:baking")).toEqual(["Pruning roses"]);
    expect(await titles("bread -tag:baking")).toEqual(["Winter soup"]);
    await db.execute(
      "INSERT INTO highlights (id, entry_id, color, note, exact, prefix, suffix, start, end, created_at, updated_at) VALUES ('h1', 'e4', 'yellow', 'Compost instead', 'not fertiliser', '', '', 9, 23, 'x', 'x')",
    );
    expect(await titles("compost")).toEqual(["Pruning roses"]);
    await db.execute("UPDATE highlights SET note = 'Mulch' WHERE id = 'h1'");
    expect(await titles("compost")).toEqual([]);
    expect(await titles("mulch")).toEqual(["Pruning roses"]);
  });
});
