import type { SqlRunner } from "../db/types.ts";

/** The scope of a mark-all-read as its command names it (time bounds aside). */
export interface MarkAllReadScope {
  view?: number;
  feedId?: string;
  feedIdList?: readonly string[];
  excludePrivate?: boolean;
}

/**
 * The entries stored here that a mark-all-read of `scope` will mark: unread entries of the
 * named feeds, or else of every public subscription, narrowed by view, private ones left out
 * when asked (the subscriptions the materializer picks). Read once, before it runs, so an
 * undo can mark exactly these unread again.
 */
export async function unreadEntryIdsIn(db: SqlRunner, scope: MarkAllReadScope): Promise<string[]> {
  const where: string[] = ["feed_id IS NOT NULL"];
  const params: (string | number)[] = [];
  const feedIds = scope.feedId ? [scope.feedId] : scope.feedIdList;
  if (feedIds) {
    where.push("feed_id IN (SELECT value FROM json_each(?))");
    params.push(JSON.stringify(feedIds));
  } else where.push("is_private = 0");
  if (scope.view !== undefined) {
    where.push("view = ?");
    params.push(scope.view);
  }
  if (scope.excludePrivate) where.push("is_private = 0");
  const rows = await db.query<{ id: string }>(
    `SELECT id FROM entries WHERE read = 0
       AND feed_id IN (SELECT feed_id FROM subscriptions WHERE ${where.join(" AND ")})`,
    params,
  );
  return rows.map((row) => String(row.id));
}
