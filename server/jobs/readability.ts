import type { DatabaseHandle } from "../db/connect.ts";
import type { EntryRow } from "../db/schema.ts";
import type { Fetcher } from "../ingest/guarded-fetch.ts";
import { readableInPool } from "../ingest/pool/pool.ts";
import { nowIso } from "../storage/time.ts";

/** Full text is refetched only when absent or older than this. */
export const READABILITY_CACHE_MS = 3 * 24 * 60 * 60_000;

/**
 * Full-text extraction of an entry's page, sanitized, cached per entry for 3 days. The page is
 * parsed in the ingestion worker pool, off the event loop that answers requests.
 */
export function createReadability(database: DatabaseHandle, fetcher: Fetcher) {
  async function read(entry: EntryRow): Promise<FullText> {
    const cached = await database.db
      .selectFrom("readability_cache")
      .selectAll()
      .where("entry_id", "=", entry.id)
      .executeTakeFirst();
    if (cached && Date.now() - Date.parse(cached.fetched_at) < READABILITY_CACHE_MS)
      return { content: cached.content };
    if (!entry.url) return { content: null };
    const response = await fetcher.fetch(entry.url, {
      accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.5",
    });
    // A dead page is not "no article": its status is told, and nothing is cached (it may
    // come back).
    if (response.status < 200 || response.status >= 300) return { pageStatus: response.status };
    const article = await readableInPool({
      body: response.body,
      url: response.url,
      contentType: response.headers["content-type"] ?? null,
    });
    const content = article?.content ?? null;
    const row = { entry_id: entry.id, content, fetched_at: nowIso() };
    await database.db
      .insertInto("readability_cache")
      .values(row)
      .onConflict((oc) =>
        oc.column("entry_id").doUpdateSet({ content, fetched_at: row.fetched_at }),
      )
      .execute();
    return { content };
  }

  return {
    /** The full text, or the status of a page that did not answer with one. */
    read,
    /** The full text, or null when there is none to be had. */
    async contentFor(entry: EntryRow): Promise<string | null> {
      const result = await read(entry);
      return "content" in result ? result.content : null;
    },
  };
}

/** Full text (null: the page has no article), or the HTTP status of a page that failed. */
export type FullText = { content: string | null } | { pageStatus: number };

export type Readability = ReturnType<typeof createReadability>;
