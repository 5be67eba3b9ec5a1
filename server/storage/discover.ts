import { sql } from "kysely";
import { type DiscoverLanguage, languageRank } from "../../contract/discover-language.ts";
import { matchRecord } from "../../contract/search/match.ts";
import type { SearchQuery } from "../../contract/search/query.ts";
import { CJK_CHAR } from "../../contract/search/tokens.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import type { FeedRow } from "../db/schema.ts";
import { unownedFeed } from "./feed-access.ts";

/** Feeds looked at per keyword search before ranking; the rest are less followed. */
const CANDIDATES = 300;

export interface FoundFeed {
  feed: FeedRow;
  subscribers: number;
  score: number;
}

/**
 * Feeds this server knows that match the words, best first: by match (title hits first), then
 * subscribers. Only feeds someone follows publicly are offered: a feed known only through
 * private subscriptions (or a preview) is nobody else's business, and an inbox is its owner's. With a language, feeds written
 * in another one are left out and those of unknown language come after those written in it.
 */
export async function findPublicFeeds(
  database: DatabaseHandle,
  query: SearchQuery,
  limit: number,
  language: DiscoverLanguage = "all",
): Promise<FoundFeed[]> {
  const needle = `%${likeEscape(narrowingTerm(query))}%`;
  const text = (column: string) =>
    sql`lower(coalesce(feed.${sql.ref(column)}, '')) like ${needle} escape '!'`;
  const { rows } = await sql<FeedRow & { subscribers: number | string }>`
    select feed.*, count(subscription.user_id) as subscribers
    from feed join subscription on subscription.feed_id = feed.id
    where exists (select 1 from subscription p where p.feed_id = feed.id and p.is_private = 0)
      and ${unownedFeed()}
      and (${text("title")} or ${text("description")} or ${text("site_url")} or ${text("url")})
    group by feed.id
    order by subscribers desc, feed.id
    limit ${sql.lit(CANDIDATES)}`.execute(database.db);
  const found: (FoundFeed & { languageRank: number })[] = [];
  for (const row of rows) {
    const { subscribers, ...feed } = row;
    const rank = languageRank(language, feed.language);
    if (rank === null) continue;
    const score = matchRecord(query, {
      title: feed.title,
      body: feed.description,
      url: [feed.site_url, feed.url].filter(Boolean).join(" "),
    });
    if (score !== null)
      found.push({
        feed: feed as FeedRow,
        subscribers: Number(subscribers),
        score,
        languageRank: rank,
      });
  }
  found.sort(
    (a, b) => a.languageRank - b.languageRank || b.score - a.score || b.subscribers - a.subscribers,
  );
  return found.slice(0, limit).map(({ languageRank: _, ...rest }) => rest);
}

/**
 * The longest wanted word (a CJK phrase as written): the SQL LIKE that narrows the candidates
 * before the exact match. Accented text may escape it; the ranking pass is exact.
 */
export function narrowingTerm(query: SearchQuery): string {
  let best = "";
  for (const clause of query.clauses) {
    if (clause.negated) continue;
    const cjk = clause.terms.every((term) => CJK_CHAR.test(term));
    const candidates = cjk ? [clause.terms.join("")] : clause.terms;
    for (const term of candidates) if (term.length > best.length) best = term;
  }
  return best;
}

export function likeEscape(text: string): string {
  return text.replace(/[!%_]/g, (c) => `!${c}`);
}
