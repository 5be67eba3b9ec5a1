import type { DatabaseHandle } from "../server/db/connect.ts";
import type { NormalizedEntry } from "../server/feed-model.ts";
import { ingestBody } from "../server/ingest/pipeline.ts";
import { storeEntries, toRow } from "../server/storage/entries.ts";
import { nextEntityId } from "../server/storage/ids.ts";
import { unfetchedFeedRow } from "../tests/support/feed-rows.ts";
import { type BenchDialect, openBenchDatabase } from "./support/database.ts";
import { atomDocument, type FeedInfo, generateItems, rssDocument } from "./support/feed-docs.ts";
import { ratio, type Table } from "./support/table.ts";

export interface IngestFigures {
  database: string;
  entries: number;
  /** ingestBody + storeEntries, new entries. */
  pipelinePerSecond: number;
  /** ingestBody alone (decode, parse, normalize, sanitize), same documents. */
  ingestPerSecond: number;
  /** storeEntries alone, new entries (dedupe lookup + insert + unread rows). */
  storePerSecond: number;
  /** storeEntries again on the same entries: all known, nothing written. */
  dedupePerSecond: number;
  /** The same rows (entry + unread) as one multi-row INSERT each, per feed, in a transaction. */
  rawInsertPerSecond: number;
}

const USER_ID = "bench-user";
const NOW = new Date().toISOString();

/** The documents: half RSS, half Atom, `perFeed` items each (serialized once, as fetched bytes). */
function documents(feeds: number, perFeed: number) {
  return Array.from({ length: feeds }, (_, i) => {
    const info: FeedInfo = {
      key: `ingest-${i}`,
      title: `Ingest feed ${i}`,
      siteUrl: `https://site${i}.example.com`,
    };
    const items = generateItems(info, perFeed, { seed: i + 1 });
    const text = i % 2 === 0 ? rssDocument(info, items) : atomDocument(info, items);
    return { url: `${info.siteUrl}/feed.xml`, bytes: Buffer.from(text, "utf8") };
  });
}

async function createFeeds(database: DatabaseHandle, urls: string[]): Promise<string[]> {
  const ids = urls.map(() => nextEntityId());
  await database.db.transaction().execute(async (trx) => {
    for (const [i, url] of urls.entries()) {
      const id = ids[i]!;
      await trx
        .insertInto("feed")
        .values(unfetchedFeedRow(id, url, NOW))
        .execute();
      await trx
        .insertInto("subscription")
        .values({
          user_id: USER_ID,
          feed_id: id,
          view: 0,
          is_private: 0,
          title: null,
          category: null,
          created_at: NOW,
        })
        .execute();
    }
  });
  return ids;
}

async function rawInsert(database: DatabaseHandle, feedId: string, entries: NormalizedEntry[]) {
  const rows = entries.map((entry) => toRow(entry, feedId, NOW));
  await database.db.transaction().execute(async (trx) => {
    await trx.insertInto("entry").values(rows).execute();
    await trx
      .insertInto("unread")
      .values(
        rows.map((r) => ({
          user_id: USER_ID,
          entry_id: r.id,
          feed_id: feedId,
          published_at: r.published_at,
        })),
      )
      .execute();
  });
}

/**
 * Entries stored per second through the real pipeline (ingestBody, then storeEntries with its
 * dedupe lookups and per-subscriber unread rows), for `feeds` × `perFeed` new entries, each feed
 * with one subscriber. Baseline, same run and database: the same rows as one multi-row INSERT per
 * feed (entries, then unread), which is about the fastest a store can go.
 */
export async function benchIngest(
  dialect: BenchDialect,
  feeds = 20,
  perFeed = 500,
): Promise<IngestFigures> {
  const bench = await openBenchDatabase(dialect);
  try {
    const database = bench.handle;
    const docs = documents(feeds, perFeed);
    const total = feeds * perFeed;

    // Pipeline: what a refresh of a new feed pays, stage by stage.
    const storeIds = await createFeeds(
      database,
      docs.map((d) => d.url),
    );
    const ingested: NormalizedEntry[][] = [];
    let ingestMs = 0;
    let storeMs = 0;
    for (const [i, doc] of docs.entries()) {
      let started = performance.now();
      const { entries } = ingestBody(doc.bytes, { url: doc.url, contentType: "application/xml" });
      ingestMs += performance.now() - started;
      started = performance.now();
      const result = await storeEntries(database, storeIds[i]!, entries);
      storeMs += performance.now() - started;
      if (result.inserted !== perFeed) throw new Error(`stored ${result.inserted} of ${perFeed}`);
      ingested.push(entries);
    }

    // Dedupe: the same entries again, as on a refresh where nothing changed.
    let started = performance.now();
    for (const [i, entries] of ingested.entries()) {
      const result = await storeEntries(database, storeIds[i]!, entries);
      if (result.unchanged !== perFeed) throw new Error(`expected all ${perFeed} unchanged`);
    }
    const dedupeMs = performance.now() - started;

    // Baseline: the same rows, bulk inserted into separate feeds.
    const rawIds = await createFeeds(
      database,
      docs.map((d) => `${d.url}?raw`),
    );
    started = performance.now();
    for (const [i, entries] of ingested.entries()) await rawInsert(database, rawIds[i]!, entries);
    const rawMs = performance.now() - started;

    const perSecond = (ms: number) => Math.round(total / (ms / 1000));
    return {
      database: bench.label,
      entries: total,
      pipelinePerSecond: perSecond(ingestMs + storeMs),
      ingestPerSecond: perSecond(ingestMs),
      storePerSecond: perSecond(storeMs),
      dedupePerSecond: perSecond(dedupeMs),
      rawInsertPerSecond: perSecond(rawMs),
    };
  } finally {
    await bench.drop();
  }
}

export function ingestTable(figures: IngestFigures[]): Table {
  const sqlite = figures.find((f) => f.database === "sqlite");
  return {
    title: `Ingest: entries stored per second (${figures[0]?.entries ?? 0} entries = 20 feeds × 500, one subscriber each)`,
    headers: [
      "database",
      "pipeline (ingestBody+store)",
      "ingestBody only",
      "storeEntries, new (× raw)",
      "storeEntries, all known",
      "raw multi-row INSERT",
      "store × sqlite",
    ],
    rows: figures.map((f) => [
      f.database,
      f.pipelinePerSecond,
      f.ingestPerSecond,
      `${f.storePerSecond} (${ratio(f.storePerSecond, f.rawInsertPerSecond)})`,
      f.dedupePerSecond,
      f.rawInsertPerSecond,
      sqlite ? ratio(f.storePerSecond, sqlite.storePerSecond) : "n/a",
    ]),
    notes: [
      "storeEntries inserts in multi-row batches of 50 entries (then their unread rows), one transaction per feed.",
      "raw = the same rows as one INSERT of all 500 entries + one of their unread rows, per feed.",
      "pipeline = ingestBody (decode, parse, normalize, sanitize) then storeEntries, per feed.",
    ],
  };
}
