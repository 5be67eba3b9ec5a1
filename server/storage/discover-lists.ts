import { sql } from "kysely";
import { matchRecord } from "../../contract/search/match.ts";
import type { SearchQuery } from "../../contract/search/query.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import type { ListRow } from "../db/schema.ts";
import { likeEscape, narrowingTerm } from "./discover.ts";
import { unownedFeed } from "./feed-access.ts";

/** Lists looked at per keyword search before ranking; the rest are less followed. */
const CANDIDATES = 300;

export interface FoundList {
  list: ListRow;
  subscribers: number;
  /** The newest entry of its feeds (null for a list without entries). */
  latestEntryAt: string | null;
  score: number;
}

/**
 * Lists this server knows whose title or description match the words, best first: by match
 * (title hits first), then followers, then how recently their feeds published. Lists are public
 * pages; who follows one privately is never revealed, only counted.
 */
export async function findLists(
  database: DatabaseHandle,
  query: SearchQuery,
  limit: number,
): Promise<FoundList[]> {
  const needle = `%${likeEscape(narrowingTerm(query))}%`;
  const text = (column: string) =>
    sql`lower(coalesce(list.${sql.ref(column)}, '')) like ${needle} escape '!'`;
  const { rows } = await sql<ListRow & { subscribers: number | string }>`
    select list.*,
      (select count(*) from list_subscription s where s.list_id = list.id) as subscribers
    from list
    where ${text("title")} or ${text("description")}
    order by subscribers desc, list.id
    limit ${sql.lit(CANDIDATES)}`.execute(database.db);
  const latest = await latestEntryByList(
    database,
    rows.map((r) => r.id),
  );
  const found: FoundList[] = [];
  for (const { subscribers, ...list } of rows) {
    const score = matchRecord(query, { title: list.title, body: list.description });
    if (score === null) continue;
    found.push({
      list: list as ListRow,
      subscribers: Number(subscribers),
      latestEntryAt: latest.get(list.id) ?? null,
      score,
    });
  }
  found.sort(
    (a, b) =>
      b.score - a.score ||
      b.subscribers - a.subscribers ||
      (b.latestEntryAt ?? "").localeCompare(a.latestEntryAt ?? "") ||
      (a.list.id < b.list.id ? -1 : 1),
  );
  return found.slice(0, limit);
}

async function latestEntryByList(database: DatabaseHandle, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await database.db
    .selectFrom("list_feed")
    .innerJoin("entry", "entry.feed_id", "list_feed.feed_id")
    .innerJoin("feed", "feed.id", "list_feed.feed_id")
    .select((eb) => ["list_feed.list_id", eb.fn.max("entry.published_at").as("latest")])
    .where("list_feed.list_id", "in", ids)
    // An inbox in a list says nothing, not even when its last mail came.
    .where(unownedFeed())
    .groupBy("list_feed.list_id")
    .execute();
  return new Map(rows.map((r) => [r.list_id, String(r.latest)]));
}
