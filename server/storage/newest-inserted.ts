import { type RawBuilder, sql } from "kysely";
import type { DatabaseHandle } from "../db/connect.ts";
import { feedOpenTo } from "./feed-access.ts";

/** Which timeline "anything new?" asks about: GET /entries/check-new's filters. */
export interface NewEntriesFilter {
  view?: number;
  feedId?: string;
  feedIdList?: readonly string[];
  /** false: unread entries only. */
  read?: boolean;
}

/**
 * The entry of the user's timeline stored most recently after `since`, if any. Driven by the
 * user's subscriptions and a seek per subscribed feed on entry(feed_id, inserted_at): when
 * nothing is new (the usual answer to a poll) it reads no entry at all, where the timeline
 * query would walk all of them to find none.
 */
export async function newestInsertedEntry(
  database: DatabaseHandle,
  userId: string,
  filter: NewEntriesFilter,
  since: string,
): Promise<{ id: string; insertedAt: string } | undefined> {
  const conditions: RawBuilder<unknown>[] = [];
  if (filter.view !== undefined)
    conditions.push(sql`subscription.view = ${sql.lit(Math.trunc(filter.view))}`);
  const feedIds = filter.feedId ? [filter.feedId] : filter.feedIdList;
  if (feedIds) {
    if (feedIds.length === 0) return undefined;
    conditions.push(sql`subscription.feed_id in (${sql.join([...feedIds])})`);
  }
  if (filter.read === false) {
    conditions.push(
      sql`exists (select 1 from unread where unread.user_id = ${userId} and unread.entry_id = entry.id)`,
    );
  }
  if (filter.read === true) {
    conditions.push(
      sql`not exists (select 1 from unread where unread.user_id = ${userId} and unread.entry_id = entry.id)`,
    );
  }
  const extra = conditions.length > 0 ? sql` and ${sql.join(conditions, sql` and `)}` : sql``;
  const { rows } = await sql<{ id: string; inserted_at: string }>`
    select entry.id, entry.inserted_at from subscription cross join entry
    join feed on feed.id = subscription.feed_id
    where subscription.user_id = ${userId} and entry.feed_id = subscription.feed_id
      and ${feedOpenTo(userId)} and entry.inserted_at > ${since}${extra}
    order by entry.inserted_at desc, entry.id desc
    limit 1`.execute(database.db);
  const row = rows[0];
  return row ? { id: row.id, insertedAt: row.inserted_at } : undefined;
}
