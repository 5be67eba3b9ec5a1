import { jsonValues } from "../db/json-values.ts";
import { local, select } from "../db/local-sql.ts";
import { selectRows } from "../db/select-rows.ts";
import type { SqlRunner } from "../db/types.ts";

/** The scope of a mark-all-read as its command names it (time bounds aside). */
export interface MarkAllReadScope {
  view?: number;
  feedId?: string;
  feedIdList?: readonly string[];
  excludePrivate?: boolean;
}

/** The feeds of the subscriptions a mark-all-read of `scope` picks (as its materializer does). */
function subscribedFeeds(scope: MarkAllReadScope) {
  let feeds = local.selectFrom("subscriptions").select("feed_id").where("feed_id", "is not", null);
  const feedIds = scope.feedId ? [scope.feedId] : scope.feedIdList;
  feeds = feedIds
    ? feeds.where("feed_id", "in", jsonValues(feedIds))
    : feeds.where("is_private", "=", 0);
  if (scope.view !== undefined) feeds = feeds.where("view", "=", scope.view);
  if (scope.excludePrivate) feeds = feeds.where("is_private", "=", 0);
  return feeds;
}

/**
 * The entries stored here that a mark-all-read of `scope` will mark: unread entries of the
 * named feeds, or else of every public subscription, narrowed by view, private ones left out
 * when asked (the subscriptions the materializer picks). Read once, before it runs, so an
 * undo can mark exactly these unread again.
 */
export async function unreadEntryIdsIn(db: SqlRunner, scope: MarkAllReadScope): Promise<string[]> {
  const rows = await selectRows(
    db,
    select(
      local
        .selectFrom("entries")
        .select("id")
        .where("read", "=", 0)
        .where("feed_id", "in", subscribedFeeds(scope)),
    ),
  );
  return rows.map((row) => String(row.id));
}
