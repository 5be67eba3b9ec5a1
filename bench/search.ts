import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import type { SearchRequest } from "../contract/api/search.ts";
import { parseSearchQuery } from "../contract/search/query.ts";
import { serverMigrations } from "../migrations/server/index.ts";
import { connectDatabase, type DatabaseHandle } from "../server/db/connect.ts";
import type { EntrySearchFilter } from "../server/storage/search.ts";
import { searchEntries } from "../server/storage/search.ts";
import { openMemoryDatabase } from "../src/db/node.ts";
import { searchLocal } from "../src/db/search-local.ts";
import { createTestPostgres } from "../tests/support/postgres.ts";
import { type Corpus, createCorpus } from "./support/search-corpus.ts";
import { printTable, round, type Table } from "./support/table.ts";

/**
 * Full-text search: BENCH_SEARCH_ENTRIES entries (default 1,000,000) over 1,000 feeds, one user
 * following 500 of them, on SQLite and PostgreSQL. Entries are stored before the search
 * migration, so its run is the index build time; then p50/p99 of searchEntries in-process (the
 * endpoint's database work, ranking, snippets) for single words of three frequencies, phrases
 * and filtered queries. Local mode: searchLocal over BENCH_SEARCH_LOCAL (default 20,000)
 * entries in follow.db (wa-sqlite, MemoryVFS in Node).
 */
export interface SearchFigures {
  dialect: string;
  entries: number;
  seedMs: number;
  buildMs: number;
  kinds: Array<{ name: string; p50: number; p99: number; runs: number; meanHits: number }>;
}

const FEEDS = 1000;
const SUBSCRIBED = 500;
const USER = "bench-user";
const BODY_WORDS = 45;
const RUNS = 60;
const ID_BASE = 1_800_000_000_000_000_000n;

function entryRow(i: number, corpus: Corpus, entries: number, start: number, span: number) {
  const published = new Date(start + Math.floor((i * span) / entries)).toISOString();
  return {
    id: (ID_BASE + BigInt(i)).toString(),
    feed_id: `f${i % FEEDS}`,
    guid: `g${i}`,
    title: corpus.sentence(6),
    url: `https://site${i % FEEDS}.example.com/post/${i}`,
    content: `<p>${corpus.sentence(BODY_WORDS)}</p>`,
    description: null,
    author: corpus.sentence(2),
    author_url: null,
    author_avatar: null,
    language: "en",
    categories: "[]",
    media: "[]",
    attachments: "[]",
    extra: null,
    content_hash: "h",
    published_at: published,
    inserted_at: published,
    updated_at: published,
  };
}

export async function seed(database: DatabaseHandle, path: string | null, entries: number) {
  const corpus = createCorpus();
  const now = Date.now();
  const span = 2 * 365 * 86_400_000;
  const start = now - span;
  const iso = new Date(now).toISOString();
  const feeds = Array.from({ length: FEEDS }, (_, f) => ({
    id: `f${f}`,
    url: `https://site${f}.example.com/feed.xml`,
    title: `Feed ${f} ${corpus.sentence(2)}`,
    description: corpus.sentence(8),
    site_url: `https://site${f}.example.com`,
    failure_count: 0,
    next_check_at: iso,
    created_at: iso,
    updated_at: iso,
  }));
  const subscriptions = feeds.slice(0, SUBSCRIBED).map((feed, f) => ({
    user_id: USER,
    feed_id: feed.id,
    view: f % 10 < 6 ? 0 : f % 10 < 8 ? 1 : 2,
    is_private: 0,
    title: null,
    category: `category ${f % 12}`,
    created_at: iso,
  }));
  const started = performance.now();
  if (path) {
    // SQLite: straight through better-sqlite3 in large transactions.
    const db = new SQLite(path);
    db.pragma("journal_mode = WAL");
    db.pragma("synchronous = OFF");
    const insert = (table: string, row: Record<string, unknown>) =>
      db
        .prepare(
          `INSERT INTO ${table} (${Object.keys(row).join(", ")}) VALUES (${Object.keys(row)
            .map(() => "?")
            .join(", ")})`,
        )
        .run(...Object.values(row));
    db.transaction(() => {
      for (const feed of feeds) insert("feed", feed);
      for (const s of subscriptions) insert("subscription", s);
    })();
    const sample = entryRow(0, corpus, entries, start, span);
    const insertEntry = db.prepare(
      `INSERT INTO entry (${Object.keys(sample).join(", ")}) VALUES (${Object.keys(sample)
        .map(() => "?")
        .join(", ")})`,
    );
    const insertUnread = db.prepare(
      "INSERT INTO unread (user_id, entry_id, feed_id, published_at) VALUES (?, ?, ?, ?)",
    );
    for (let from = 0; from < entries; from += 50_000) {
      db.transaction(() => {
        for (let i = from; i < Math.min(entries, from + 50_000); i++) {
          const row = entryRow(i, corpus, entries, start, span);
          insertEntry.run(...Object.values(row));
          if (i % FEEDS < SUBSCRIBED && i % 10 === 0)
            insertUnread.run(USER, row.id, row.feed_id, row.published_at);
        }
      })();
    }
    db.close();
  } else {
    await database.db.insertInto("feed").values(feeds).execute();
    await database.db.insertInto("subscription").values(subscriptions).execute();
    for (let from = 0; from < entries; from += 500) {
      const rows = [];
      for (let i = from; i < Math.min(entries, from + 500); i++)
        rows.push(entryRow(i, corpus, entries, start, span));
      await database.db.insertInto("entry").values(rows).execute();
      const unread = rows
        .filter((_, k) => (from + k) % FEEDS < SUBSCRIBED && (from + k) % 10 === 0)
        .map((row) => ({
          user_id: USER,
          entry_id: row.id,
          feed_id: row.feed_id,
          published_at: row.published_at,
        }));
      if (unread.length) await database.db.insertInto("unread").values(unread).execute();
    }
  }
  return { corpus, seedMs: performance.now() - started };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
}

/** Query texts per kind, from the corpus: ranks chosen for how many entries they hit. */
function queryKinds(corpus: Corpus) {
  const w = corpus.words;
  const range = (from: number, count: number) =>
    Array.from({ length: count }, (_, i) => w[from + ((i * 7) % count)]!);
  return [
    { name: "word, common (rank 20-80)", texts: range(20, 60), filter: {} },
    { name: "word, medium (rank 500-2000)", texts: range(500, 1500), filter: {} },
    { name: "word, rare (rank 10k+)", texts: range(10_000, 5000), filter: {} },
    {
      name: 'phrase "medium common"',
      texts: range(500, 60).map((word, i) => `"${word} ${w[20 + i]}"`),
      filter: {},
    },
    {
      name: "two words (medium AND medium)",
      texts: range(300, 60).map((word, i) => `${word} ${w[800 + i]}`),
      filter: {},
    },
    {
      name: "medium word + view 0 + unread",
      texts: range(500, 1500),
      filter: { view: 0, unread: true },
    },
    { name: "title:medium", texts: range(500, 1500).map((x) => `title:${x}`), filter: {} },
  ] satisfies Array<{ name: string; texts: string[]; filter: Partial<EntrySearchFilter> }>;
}

async function timeQueries(
  run: (keyword: string, filter: Partial<EntrySearchFilter>) => Promise<number>,
  corpus: Corpus,
) {
  const out: SearchFigures["kinds"] = [];
  for (const kind of queryKinds(corpus)) {
    await run(kind.texts[0]!, kind.filter); // warm
    const times: number[] = [];
    let hits = 0;
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      hits += await run(kind.texts[i % kind.texts.length]!, kind.filter);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    out.push({
      name: kind.name,
      p50: round(percentile(times, 0.5), 2),
      p99: round(percentile(times, 0.99), 2),
      runs: RUNS,
      meanHits: round(hits / RUNS, 1),
    });
  }
  return out;
}

export async function benchServerSearch(dialect: "sqlite" | "postgres"): Promise<SearchFigures> {
  // BENCH_SEARCH_PG_ENTRIES scales PostgreSQL alone (its seeding and index build are the slow part).
  const entries = Number(
    (dialect === "postgres" ? process.env.BENCH_SEARCH_PG_ENTRIES : undefined) ??
      process.env.BENCH_SEARCH_ENTRIES ??
      1_000_000,
  );
  const dir = mkdtempSync(join(tmpdir(), "follow-search-bench-"));
  const postgres = dialect === "postgres" ? await createTestPostgres() : undefined;
  const path = join(dir, "follow.sqlite");
  const database = connectDatabase({
    databaseUrl: postgres?.url,
    databasePath: path,
    databasePoolMax: 2,
  });
  try {
    const migrator = new Migrator({
      db: database.db,
      provider: { getMigrations: async () => serverMigrations },
    });
    const before = await migrator.migrateTo("0006_feed_body_hash");
    if (before.error) throw before.error;
    const { corpus, seedMs } = await seed(database, postgres ? null : path, entries);
    const built = performance.now();
    const after = await migrator.migrateToLatest();
    if (after.error) throw after.error;
    const buildMs = performance.now() - built;
    if (postgres) await sql`analyze`.execute(database.db);
    const kinds = await timeQueries(async (keyword, filter) => {
      const parsed = parseSearchQuery(keyword);
      if (!parsed.ok) throw new Error(parsed.reason);
      const { hits } = await searchEntries(database, USER, parsed.query, {
        limit: 20,
        offset: 0,
        ...filter,
      });
      return hits.length;
    }, corpus);
    const figures = { dialect, entries, seedMs, buildMs, kinds };
    // Printed as soon as measured too: the whole run takes many minutes.
    for (const table of searchTables([figures])) printTable(table);
    return figures;
  } finally {
    await database.close();
    await postgres?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchLocalSearch(): Promise<SearchFigures> {
  const entries = Number(process.env.BENCH_SEARCH_LOCAL ?? 20_000);
  const corpus = createCorpus();
  const db = await openMemoryDatabase();
  try {
    const started = performance.now();
    await db.transaction(["feeds", "subscriptions", "entries"], async (tx) => {
      for (let f = 0; f < 100; f++) {
        await tx.execute("INSERT INTO feeds (id, url, title) VALUES (?, ?, ?)", [
          `f${f}`,
          `https://site${f}.example.com/feed.xml`,
          `Feed ${f}`,
        ]);
        await tx.execute(
          "INSERT INTO subscriptions (id, feed_id, user_id, view, is_private, type) VALUES (?, ?, 'u', ?, 0, 'feed')",
          [`feed/f${f}`, `f${f}`, f % 10 < 6 ? 0 : 1],
        );
      }
      for (let i = 0; i < entries; i++) {
        const at = new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
        await tx.execute(
          "INSERT INTO entries (id, feed_id, guid, title, content, author, url, inserted_at, published_at, read) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
          [
            `e${i}`,
            `f${i % 100}`,
            `g${i}`,
            corpus.sentence(6),
            `<p>${corpus.sentence(BODY_WORDS)}</p>`,
            corpus.sentence(2),
            `https://site${i % 100}.example.com/${i}`,
            at,
            at,
            i % 10 === 0 ? 0 : 1,
          ],
        );
      }
    });
    const seedMs = performance.now() - started;
    const kinds = await timeQueries(async (keyword, filter) => {
      const request: SearchRequest = { keyword, limit: 20, type: "entries", ...(filter as object) };
      return (await searchLocal(db, request)).entries.length;
    }, corpus);
    const figures = { dialect: "local (wa-sqlite)", entries, seedMs, buildMs: seedMs, kinds };
    for (const table of searchTables([figures])) printTable(table);
    return figures;
  } finally {
    await db.close();
  }
}

export function searchTables(figures: SearchFigures[]): Table[] {
  return figures.map((f) => ({
    title: `Search on ${f.dialect}: ${f.entries.toLocaleString("en")} entries (seed ${round(f.seedMs / 1000, 1)} s, index build ${round(f.buildMs / 1000, 1)} s${f.dialect.startsWith("local") ? ", indexed while inserting" : ""})`,
    headers: ["query", "p50 ms", "p99 ms", "runs", "hits/query"],
    rows: f.kinds.map((k) => [k.name, k.p50, k.p99, k.runs, k.meanHits]),
    notes: [
      "aim: server p99 < 50 ms at 1M entries; local p99 < 30 ms at 20k entries",
      "in-process searchEntries/searchLocal: ranking, hydration and snippets, no HTTP",
    ],
  }));
}
