import type { DatabaseHandle } from "../db/connect.ts";
import type { EntryRow } from "../db/schema.ts";
import type { Fetcher } from "../ingest/guarded-fetch.ts";
import { readableInPool } from "../ingest/pool/pool.ts";
import { nowIso } from "../storage/time.ts";

/** Full text is refetched only when absent or older than this (SPEC §4). */
export const READABILITY_CACHE_MS = 3 * 24 * 60 * 60_000;

/**
 * Full-text extraction of an entry's page, sanitized, cached per entry for 3 days. The page is
 * parsed in the ingestion worker pool, off the event loop that answers requests.
 */
export function createReadability(database: DatabaseHandle, fetcher: Fetcher) {
  return {
    async contentFor(entry: EntryRow): Promise<string | null> {
      const cached = await database.db
        .selectFrom("readability_cache")
        .selectAll()
        .where("entry_id", "=", entry.id)
        .executeTakeFirst();
      if (cached && Date.now() - Date.parse(cached.fetched_at) < READABILITY_CACHE_MS)
        return cached.content;
      if (!entry.url) return null;
      const response = await fetcher.fetch(entry.url, {
        accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.5",
      });
      let content: string | null = null;
      if (response.status >= 200 && response.status < 300) {
        const article = await readableInPool({
          body: response.body,
          url: response.url,
          contentType: response.headers["content-type"] ?? null,
        });
        content = article?.content ?? null;
      }
      const row = { entry_id: entry.id, content, fetched_at: nowIso() };
      await database.db
        .insertInto("readability_cache")
        .values(row)
        .onConflict((oc) =>
          oc.column("entry_id").doUpdateSet({ content, fetched_at: row.fetched_at }),
        )
        .execute();
      return content;
    },
  };
}

export type Readability = ReturnType<typeof createReadability>;
