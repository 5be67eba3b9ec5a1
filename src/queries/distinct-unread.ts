import type { SqlRunner, SqlValue } from "../db/types.ts";

/**
 * Unread counts of distinct entries. The server counts each feed the person reaches under the
 * feed's id (followed directly or only through a list), each list under its id and each inbox
 * under its own: summing subscriptions would count a feed twice when it is also in a followed
 * list. Here a selection of subscriptions stands for the set of feeds and inboxes it reaches,
 * and each is counted once. A list whose feeds are not stored here counts under its own id.
 */
function targetsSql(group: string, where: string): string {
  return `
    SELECT ${group} AS grp, s.feed_id AS target FROM subscriptions s
      WHERE s.feed_id IS NOT NULL AND (${where})
    UNION SELECT ${group}, j.value FROM subscriptions s
      JOIN lists l ON l.id = s.list_id, json_each(l.feed_ids) j
      WHERE l.feed_ids IS NOT NULL AND (${where})
    UNION SELECT ${group}, s.list_id FROM subscriptions s
      LEFT JOIN lists l ON l.id = s.list_id
      WHERE s.list_id IS NOT NULL AND l.feed_ids IS NULL AND (${where})
    UNION SELECT ${group}, s.inbox_id FROM subscriptions s
      WHERE s.inbox_id IS NOT NULL AND (${where})`;
}

/** Distinct unread entries per value of `group` (an SQL expression over `s`). */
export async function distinctUnreadBy(
  db: SqlRunner,
  group: string,
  where: string,
  params: readonly SqlValue[],
): Promise<Map<string, number>> {
  const rows = await db.query<{ grp: string | number | null; n: number | null }>(
    `SELECT t.grp AS grp, SUM(u.count) AS n FROM (${targetsSql(group, where)}) t
       JOIN unread u ON u.subscription_id = t.target GROUP BY t.grp`,
    [...params, ...params, ...params, ...params],
  );
  return new Map(rows.map((row) => [String(row.grp), Number(row.n ?? 0)]));
}

/** Distinct unread entries of the subscriptions matching `where`. */
export async function distinctUnread(
  db: SqlRunner,
  where: string,
  params: readonly SqlValue[],
): Promise<number> {
  return (await distinctUnreadBy(db, "1", where, params)).get("1") ?? 0;
}

/** A list's unread: the sum over its feeds when they are stored here, else its own count. */
export const LIST_UNREAD_SQL = `CASE WHEN s.list_id IS NOT NULL AND l.feed_ids IS NOT NULL THEN
  (SELECT COALESCE(SUM(uf.count), 0) FROM json_each(l.feed_ids) j
     JOIN unread uf ON uf.subscription_id = j.value)
  ELSE COALESCE(u.count, 0) END`;
