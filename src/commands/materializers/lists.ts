import { type Statement, sql } from "../../db/statements.ts";
import type { EventData } from "../events.ts";

/** Lists the person owns, in the local `lists` table (feed ids as a JSON array). */
export function listCreated(data: EventData["ListCreated"]): Statement[] {
  return [
    sql(
      `INSERT INTO lists (id, user_id, title, feed_ids, description, view, image, fee,
         owner_user_id, subscription_count, purchase_amount)
       VALUES (?, ?, ?, '[]', ?, ?, ?, ?, ?, 0, '0')
       ON CONFLICT (id) DO NOTHING`,
      data.listId,
      data.ownerUserId,
      data.title,
      data.description ?? null,
      data.view,
      data.image ?? null,
      data.fee ?? 0,
      data.ownerUserId,
    ),
  ];
}

export function listEdited(data: EventData["ListEdited"]): Statement[] {
  const set: string[] = [];
  const values: (string | number | null)[] = [];
  const put = (column: string, value: string | number | null | undefined) => {
    if (value === undefined) return;
    set.push(`${column} = ?`);
    values.push(value);
  };
  put("title", data.title);
  put("description", data.description);
  put("image", data.image);
  put("view", data.view);
  put("fee", data.fee);
  if (set.length === 0) return [];
  return [sql(`UPDATE lists SET ${set.join(", ")} WHERE id = ?`, ...values, data.listId)];
}

export function listDeleted(data: EventData["ListDeleted"]): Statement[] {
  return [
    sql("DELETE FROM subscriptions WHERE type = 'list' AND list_id = ?", data.listId),
    sql("DELETE FROM lists WHERE id = ?", data.listId),
  ];
}

/** Adds feed ids to the list's JSON array, once each, in the order given. */
export function listFeedsAdded(data: EventData["ListFeedsAdded"]): Statement[] {
  return [
    sql(
      `UPDATE lists SET feed_ids = (
         SELECT json_group_array(value) FROM (
           SELECT value FROM json_each(COALESCE(lists.feed_ids, '[]'))
           UNION ALL
           SELECT n.value FROM json_each(?) n
           WHERE n.value NOT IN (SELECT value FROM json_each(COALESCE(lists.feed_ids, '[]')))
         )
       ) WHERE id = ?`,
      JSON.stringify(data.feedIds),
      data.listId,
    ),
  ];
}

export function listFeedsRemoved(data: EventData["ListFeedsRemoved"]): Statement[] {
  return [
    sql(
      `UPDATE lists SET feed_ids = (
         SELECT json_group_array(value) FROM json_each(COALESCE(lists.feed_ids, '[]'))
         WHERE value NOT IN (SELECT value FROM json_each(?))
       ) WHERE id = ?`,
      JSON.stringify(data.feedIds),
      data.listId,
    ),
  ];
}

/** Following a list: its subscription row (the list itself arrives with the next pull). */
export function listFollowed(data: EventData["ListFollowed"]): Statement[] {
  return [
    sql(
      `INSERT INTO subscriptions (id, feed_id, list_id, inbox_id, user_id, view, is_private,
         title, category, created_at, type)
       VALUES (?, NULL, ?, NULL, ?, ?, 0, NULL, NULL, ?, 'list')
       ON CONFLICT (id) DO UPDATE SET view = excluded.view`,
      `list/${data.listId}`,
      data.listId,
      data.userId,
      data.view,
      data.createdAt,
    ),
  ];
}

export function listUnfollowed(data: EventData["ListUnfollowed"]): Statement[] {
  return [sql("DELETE FROM subscriptions WHERE id = ?", `list/${data.listId}`)];
}
