import type { Observable } from "rxjs";
import type { HighlightColor } from "../../contract/entities/highlight.ts";
import { highlightsTable } from "../../contract/entities/highlight-table.ts";
import { local, select } from "../db/local-sql.ts";
import { liveSelect } from "../db/queries.ts";
import { selectRows } from "../db/select-rows.ts";
import type { LocalDatabase, SqlRunner } from "../db/types.ts";

/** A highlight as the entry pane and the Highlights page show it. */
export interface HighlightItem {
  id: string;
  entryId: string;
  color: HighlightColor;
  note: string;
  exact: string;
  prefix: string;
  suffix: string;
  start: number;
  end: number;
  createdAt: string;
}

const columns = [
  "id",
  "entry_id",
  "color",
  "note",
  "exact",
  "prefix",
  "suffix",
  "start",
  "end",
  "created_at",
] as const;

type StoredHighlight = { [K in (typeof columns)[number]]: string | number };

function toItem(row: StoredHighlight): HighlightItem {
  const decoded = highlightsTable.decode(row as never) as Record<string, unknown>;
  return {
    id: String(decoded.id),
    entryId: String(decoded.entry_id),
    color: decoded.color as HighlightColor,
    note: String(decoded.note ?? ""),
    exact: String(decoded.exact),
    prefix: String(decoded.prefix ?? ""),
    suffix: String(decoded.suffix ?? ""),
    start: Number(decoded.start),
    end: Number(decoded.end),
    createdAt: String(decoded.created_at),
  };
}

function entryHighlightsQuery(entryId: string) {
  return select(
    local
      .selectFrom("highlights")
      .select(columns)
      .where("entry_id", "=", entryId)
      .orderBy("start")
      .orderBy("id"),
  );
}

/** One entry's highlights in reading order. */
export function entryHighlights$(db: LocalDatabase, entryId: string): Observable<HighlightItem[]> {
  return liveSelect(db, entryHighlightsQuery(entryId), (rows) =>
    rows.map((row) => toItem(row as StoredHighlight)),
  );
}

/** One entry's highlights in reading order, read once (what a save to a notes app sends). */
export async function entryHighlightsOnce(
  db: Pick<SqlRunner, "query">,
  entryId: string,
): Promise<HighlightItem[]> {
  const rows = await selectRows(db, entryHighlightsQuery(entryId));
  return rows.map((row) => toItem(row as StoredHighlight));
}

/** A highlight with what the Highlights page shows and filters by. */
export interface HighlightListItem extends HighlightItem {
  entryTitle: string | null;
  entryUrl: string | null;
  entryAuthor: string | null;
  feedId: string | null;
  feedTitle: string | null;
  tags: string[];
}

/** Every highlight, newest first, with its entry, feed and the entry's tags. */
export function allHighlights$(db: LocalDatabase): Observable<HighlightListItem[]> {
  const query = select(
    local
      .selectFrom("highlights as h")
      .leftJoin("entries as e", "e.id", "h.entry_id")
      .leftJoin("feeds as f", "f.id", "e.feed_id")
      .select([
        "h.id",
        "h.entry_id",
        "h.color",
        "h.note",
        "h.exact",
        "h.prefix",
        "h.suffix",
        "h.start",
        "h.end",
        "h.created_at",
        "e.title as entry_title",
        "e.url as entry_url",
        "e.author as entry_author",
        "e.feed_id as feed_id",
        "f.title as feed_title",
        (eb) =>
          eb
            .selectFrom("entry_tags as t")
            .select((inner) => inner.fn<string>("group_concat", ["t.tag"]).as("tags"))
            .whereRef("t.entry_id", "=", "h.entry_id")
            .as("tags"),
      ])
      .orderBy("h.created_at", "desc")
      .orderBy("h.id", "desc"),
  );
  return liveSelect(db, query, (rows) =>
    rows.map((row) => ({
      ...toItem(row as unknown as StoredHighlight),
      entryTitle: row.entry_title ?? null,
      entryUrl: row.entry_url ?? null,
      entryAuthor: row.entry_author ?? null,
      feedId: row.feed_id ?? null,
      feedTitle: row.feed_title ?? null,
      tags: row.tags ? String(row.tags).split(",").sort() : [],
    })),
  );
}

/** One entry's tags, by name. */
export function entryTags$(db: LocalDatabase, entryId: string): Observable<string[]> {
  const query = select(
    local.selectFrom("entry_tags").select("tag").where("entry_id", "=", entryId).orderBy("tag"),
  );
  return liveSelect(db, query, (rows) => rows.map((row) => row.tag));
}

export interface TagItem {
  tag: string;
  /** Entries carrying it. */
  count: number;
  /** Of those held on this device, the unread. */
  unread: number;
}

/** Every tag with how many entries carry it and how many of them are unread. */
export function allTags$(db: LocalDatabase): Observable<TagItem[]> {
  const query = select(
    local
      .selectFrom("entry_tags as t")
      .leftJoin("entries as e", "e.id", "t.entry_id")
      .select((eb) => [
        "t.tag",
        eb.fn.countAll<number>().as("count"),
        eb.fn.sum<number>(eb.case().when("e.read", "=", 0).then(1).else(0).end()).as("unread"),
      ])
      .groupBy("t.tag")
      .orderBy("t.tag"),
  );
  return liveSelect(db, query, (rows) =>
    rows.map((row) => ({
      tag: row.tag,
      count: Number(row.count),
      unread: Number(row.unread ?? 0),
    })),
  );
}
