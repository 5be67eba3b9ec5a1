import type { Observable } from "rxjs";
import type { ReadingPositionKind } from "../../contract/entities/reading-position.ts";
import { local, select } from "../db/local-sql.ts";
import { liveSelect } from "../db/queries.ts";
import type { LocalDatabase } from "../db/types.ts";

/** Where the person stopped in an entry, on some device. */
export interface ReadingPositionItem {
  entryId: string;
  deviceId: string;
  kind: ReadingPositionKind;
  fraction: number;
  quote: string;
  seconds: number;
  updatedAt: string;
}

/** A position past this share of the article means it was read to its end. */
export const FINISHED_FRACTION = 0.95;
/** A position above this share is no progress worth resuming (the top of the article). */
export const STARTED_FRACTION = 0.02;
/** Entries the "Continue reading" list shows at most. */
export const CONTINUE_READING_LIMIT = 10;

const columns = [
  "entry_id",
  "device_id",
  "kind",
  "fraction",
  "quote",
  "seconds",
  "updated_at",
] as const;

function toItem(row: {
  entry_id: string;
  device_id: string;
  kind: string;
  fraction: number;
  quote: string;
  seconds: number;
  updated_at: string;
}): ReadingPositionItem {
  return {
    entryId: row.entry_id,
    deviceId: row.device_id,
    kind: row.kind as ReadingPositionKind,
    fraction: Number(row.fraction),
    quote: row.quote,
    seconds: Number(row.seconds),
    updatedAt: row.updated_at,
  };
}

/** The newest position of `kind` in one entry, of any device; null when there is none. */
export function latestPosition$(
  db: LocalDatabase,
  entryId: string,
  kind: ReadingPositionKind,
): Observable<ReadingPositionItem | null> {
  const query = select(
    local
      .selectFrom("reading_positions")
      .select(columns)
      .where("entry_id", "=", entryId)
      .where("kind", "=", kind)
      .orderBy("updated_at", "desc")
      .limit(1),
  );
  return liveSelect(db, query, (rows) => (rows[0] ? toItem(rows[0]) : null));
}

/** An article in progress, as the "Continue reading" list shows it. */
export interface InProgressItem {
  entryId: string;
  title: string | null;
  feedTitle: string | null;
  fraction: number;
  updatedAt: string;
}

/**
 * Articles started and not finished, newest position first: each entry once, at its newest
 * position of any device (an entry this device does not hold is left out: it has no title).
 */
export function inProgress$(db: LocalDatabase): Observable<InProgressItem[]> {
  const query = select(
    local
      .selectFrom("reading_positions as p")
      .innerJoin("entries as e", "e.id", "p.entry_id")
      .leftJoin("feeds as f", "f.id", "e.feed_id")
      .select([
        "p.entry_id",
        "p.fraction",
        "p.updated_at",
        "e.title as title",
        "f.title as feed_title",
      ])
      .where("p.kind", "=", "article")
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("reading_positions as newer")
              .select("newer.entry_id")
              .whereRef("newer.entry_id", "=", "p.entry_id")
              .where("newer.kind", "=", "article")
              .whereRef("newer.updated_at", ">", "p.updated_at"),
          ),
        ),
      )
      .orderBy("p.updated_at", "desc")
      .limit(CONTINUE_READING_LIMIT * 3),
  );
  return liveSelect(db, query, (rows) => {
    const seen = new Set<string>();
    const items: InProgressItem[] = [];
    for (const row of rows) {
      const fraction = Number(row.fraction);
      if (seen.has(row.entry_id)) continue;
      seen.add(row.entry_id);
      if (fraction < STARTED_FRACTION || fraction > FINISHED_FRACTION) continue;
      items.push({
        entryId: row.entry_id,
        title: row.title ?? null,
        feedTitle: row.feed_title ?? null,
        fraction,
        updatedAt: row.updated_at,
      });
    }
    return items.slice(0, CONTINUE_READING_LIMIT);
  });
}
