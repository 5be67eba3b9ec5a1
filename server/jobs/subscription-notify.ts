import { type Kysely, sql, type Transaction } from "kysely";
import type { Database, EntryRow } from "../db/schema.ts";
import { feedOpenTo } from "../storage/feed-access.ts";
import type { ActionOutcome } from "./apply-actions.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** Notifications one refresh sends a subscriber per feed at most (the newest entries). */
export const NOTIFY_MAX_PER_REFRESH = 5;

/**
 * Subscriptions set to "notify on new entries" (no rule needed): a push for each entry just
 * stored, unless a rule hid (blocked) it for that user or already asked for one. A feed that
 * publishes fifty entries at once sends the five newest, not fifty.
 */
export async function collectSubscriptionNotifications(
  db: Db,
  feedId: string,
  entries: readonly EntryRow[],
  outcome: ActionOutcome,
): Promise<void> {
  if (entries.length === 0) return;
  const subscribers = await db
    .selectFrom("subscription")
    .innerJoin("feed", "feed.id", "subscription.feed_id")
    .select("subscription.user_id")
    .where("subscription.feed_id", "=", feedId)
    .where("subscription.notify", "=", 1)
    // Someone else's inbox is announced to no one, whatever subscription row points at it.
    .where(feedOpenTo(sql.ref("subscription.user_id")))
    .execute();
  if (subscribers.length === 0) return;
  const userIds = subscribers.map((s) => s.user_id);
  const entryIds = entries.map((e) => e.id);
  const blocked = await db
    .selectFrom("entry_action")
    .select(["user_id", "entry_id"])
    .where("user_id", "in", userIds)
    .where("entry_id", "in", entryIds)
    .where("blocked", "=", 1)
    .execute();
  const skip = new Set([
    ...blocked.map((row) => `${row.user_id}\n${row.entry_id}`),
    ...outcome.notifications.map((n) => `${n.userId}\n${n.entryId}`),
  ]);
  const newest = [...entries]
    .sort((a, b) => b.published_at.localeCompare(a.published_at))
    .slice(0, NOTIFY_MAX_PER_REFRESH);
  for (const userId of userIds) {
    for (const entry of newest) {
      if (!skip.has(`${userId}\n${entry.id}`))
        outcome.notifications.push({ userId, entryId: entry.id });
    }
  }
}
