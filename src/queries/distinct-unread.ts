import {
  type AliasableExpression,
  type Expression,
  expressionBuilder,
  type SqlBool,
  sql,
} from "kysely";
import { local, select } from "../db/local-sql.ts";
import type { LocalTables } from "../db/local-tables.ts";

/** What a selection of subscriptions is written against: the subscriptions table as `s`. */
export type SubscriptionScope = Pick<LocalTables, "subscriptions"> & {
  s: LocalTables["subscriptions"];
};

/** Builds the filter or grouping of a selection (`where`, `group`) over `s`. */
export const scope = expressionBuilder<SubscriptionScope, "s">();

/** A group value: text or a number (a category, a view, or one constant for a total). */
type Group = AliasableExpression<string | number | null>;

/**
 * The feeds and inboxes a selection of subscriptions reaches, each with its group: followed
 * feeds, the feeds of followed lists stored here, followed lists whose feeds are not stored
 * here (counted under the list's own id), and inboxes.
 */
function targets(group: Group, where: Expression<SqlBool>) {
  const feeds = local
    .selectFrom("subscriptions as s")
    .select([group.as("grp"), "s.feed_id as target"])
    .where("s.feed_id", "is not", null)
    .where(where);
  const listFeeds = local
    .selectFrom("subscriptions as s")
    .innerJoin("lists as l", "l.id", "s.list_id")
    .innerJoin(sql<{ value: string }>`json_each(${sql.ref("l.feed_ids")})`.as("j"), (join) =>
      join.onTrue(),
    )
    .select([group.as("grp"), "j.value as target"])
    .where("l.feed_ids", "is not", null)
    .where(where);
  const unstoredLists = local
    .selectFrom("subscriptions as s")
    .leftJoin("lists as l", "l.id", "s.list_id")
    .select([group.as("grp"), "s.list_id as target"])
    .where("s.list_id", "is not", null)
    .where("l.feed_ids", "is", null)
    .where(where);
  const inboxes = local
    .selectFrom("subscriptions as s")
    .select([group.as("grp"), "s.inbox_id as target"])
    .where("s.inbox_id", "is not", null)
    .where(where);
  return feeds.union(listFeeds).union(unstoredLists).union(inboxes);
}

/**
 * Unread counts of distinct entries. The server counts each feed the person reaches under the
 * feed's id (followed directly or only through a list), each list under its id and each inbox
 * under its own: summing subscriptions would count a feed twice when it is also in a followed
 * list. Here a selection of subscriptions (`where`) stands for the set of feeds and inboxes it
 * reaches, and each is counted once per value of `group`.
 */
export function distinctUnreadBy(group: Group, where: Expression<SqlBool>) {
  return select(
    local
      .selectFrom(targets(group, where).as("t"))
      .innerJoin("unread as u", "u.subscription_id", "t.target")
      .select((eb) => ["t.grp as grp", eb.fn.sum<number | null>("u.count").as("n")])
      .groupBy("t.grp"),
  );
}

/** Distinct unread entries of the subscriptions matching `where`. */
export function distinctUnread(where: Expression<SqlBool>) {
  return distinctUnreadBy(scope.lit(1), where);
}

/** The counts of a `distinctUnreadBy` read, by group value as text. */
export function unreadByGroup(rows: readonly { grp: unknown; n: number | null }[]) {
  return new Map(rows.map((row) => [String(row.grp), Number(row.n ?? 0)]));
}

/** The count of a `distinctUnread` read. */
export function unreadTotal(rows: readonly { n: number | null }[]): number {
  return Number(rows[0]?.n ?? 0);
}
