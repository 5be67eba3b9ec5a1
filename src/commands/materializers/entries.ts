import { jsonList, type Statement, sql } from "../../db/statements.ts";
import type { EventData } from "../events.ts";

// Counts move only when the flag really flips, so replaying an event twice changes nothing,
// and they never go below 0 (SPEC §4).
export function entriesMarkedRead(data: EventData["EntriesMarkedRead"]): Statement[] {
  const ids = jsonList(data.entryIds);
  return [
    sql(
      `UPDATE unread SET count = MAX(count - (
         SELECT COUNT(*) FROM entries e
         WHERE e.feed_id = unread.subscription_id AND e.read = 0
           AND e.id IN (SELECT value FROM json_each(?))), 0)
       WHERE subscription_id IN (
         SELECT feed_id FROM entries WHERE read = 0 AND id IN (SELECT value FROM json_each(?)))`,
      ids,
      ids,
    ),
    sql("UPDATE entries SET read = 1 WHERE id IN (SELECT value FROM json_each(?))", ids),
    sql("DELETE FROM manual_unread WHERE entry_id IN (SELECT value FROM json_each(?))", ids),
  ];
}

export function entryMarkedUnread(data: EventData["EntryMarkedUnread"]): Statement[] {
  return [
    sql(
      `INSERT INTO unread (subscription_id, count)
       SELECT feed_id, 1 FROM entries WHERE id = ? AND read = 1 AND feed_id IS NOT NULL
       ON CONFLICT (subscription_id) DO UPDATE SET count = count + 1`,
      data.entryId,
    ),
    sql("UPDATE entries SET read = 0 WHERE id = ?", data.entryId),
    // By hand: automatic marking leaves it unread until the person reads it again.
    sql("INSERT OR IGNORE INTO manual_unread (entry_id) VALUES (?)", data.entryId),
  ];
}

/**
 * The subscriptions mark-all-read touches, as the server picks them: the named feeds, or else
 * every public subscription; narrowed by view, and never private ones when asked (SPEC §6).
 */
function matchingFeeds(data: EventData["AllEntriesMarkedRead"]): Statement {
  const where: string[] = ["feed_id IS NOT NULL"];
  const params: (string | number)[] = [];
  if (data.feedIds) {
    where.push("feed_id IN (SELECT value FROM json_each(?))");
    params.push(jsonList(data.feedIds));
  } else where.push("is_private = 0");
  if (data.view !== undefined) {
    where.push("view = ?");
    params.push(data.view);
  }
  if (data.excludePrivate) where.push("is_private = 0");
  return { sql: `SELECT feed_id FROM subscriptions WHERE ${where.join(" AND ")}`, params };
}

function inRange(data: EventData["AllEntriesMarkedRead"]): Statement {
  let text = "";
  const params: string[] = [];
  if (data.startTime) {
    text += " AND published_at >= ?";
    params.push(data.startTime);
  }
  if (data.endTime) {
    text += " AND published_at <= ?";
    params.push(data.endTime);
  }
  return { sql: text, params };
}

export function allEntriesMarkedRead(data: EventData["AllEntriesMarkedRead"]): Statement[] {
  const feeds = matchingFeeds(data);
  const range = inRange(data);
  const counts =
    range.params.length === 0
      ? sql(`UPDATE unread SET count = 0 WHERE subscription_id IN (${feeds.sql})`, ...feeds.params)
      : sql(
          `UPDATE unread SET count = MAX(count - (
             SELECT COUNT(*) FROM entries WHERE feed_id = unread.subscription_id AND read = 0${range.sql}), 0)
           WHERE subscription_id IN (${feeds.sql})`,
          ...range.params,
          ...feeds.params,
        );
  return [
    counts,
    sql(
      `UPDATE entries SET read = 1 WHERE read = 0 AND feed_id IN (${feeds.sql})${range.sql}`,
      ...feeds.params,
      ...range.params,
    ),
    sql("DELETE FROM manual_unread WHERE entry_id IN (SELECT id FROM entries WHERE read = 1)"),
  ];
}
