import { type RawBuilder, sql } from "kysely";
import type { DatabaseHandle } from "../db/connect.ts";
import { feedOpenTo } from "../storage/feed-access.ts";

/**
 * Fever's integer ids (see migration 0035_fever_ids): a person's own small sequential numbers
 * for their items, feeds and groups, given the first time the API meets each.
 */
export type NumberKind = "item" | "feed" | "group";
// (A fourth kind, "mark", holds when items were last numbered: see numberNewItems.)

/** The numbers of these refs, given to those that have none yet (in the order passed). */
export async function numbersOf(
  database: DatabaseHandle,
  userId: string,
  kind: NumberKind,
  refs: readonly string[],
): Promise<Map<string, number>> {
  const known = await readNumbers(database, userId, kind, refs);
  const missing = [...new Set(refs)].filter((ref) => !known.has(ref));
  if (missing.length > 0) {
    const { rows } = await sql<{ top: number | string | null }>`
      select max(number) as top from fever_id where user_id = ${userId} and kind = ${kind}`.execute(
      database.db,
    );
    let next = Number(rows[0]?.top ?? 0);
    const values = missing.map(
      (ref) =>
        sql`(cast(${userId} as varchar(64)), cast(${kind} as varchar(8)), cast(${++next} as integer), cast(${ref} as varchar(255)))`,
    );
    // A concurrent request may have numbered some of them: theirs stand.
    await sql`insert into fever_id (user_id, kind, number, ref) values ${sql.join(values)}
      on conflict do nothing`.execute(database.db);
    for (const [ref, number] of await readNumbers(database, userId, kind, missing)) {
      known.set(ref, number);
    }
  }
  return known;
}

async function readNumbers(
  database: DatabaseHandle,
  userId: string,
  kind: NumberKind,
  refs: readonly string[],
): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for (let i = 0; i < refs.length; i += 500) {
    const chunk = refs.slice(i, i + 500);
    const { rows } = await sql<{ ref: string; number: number | string }>`
      select ref, number from fever_id
      where user_id = ${userId} and kind = ${kind} and ref in (${sql.join(chunk)})`.execute(
      database.db,
    );
    for (const row of rows) found.set(row.ref, Number(row.number));
  }
  return found;
}

/** The refs these numbers stand for (unknown numbers are left out). */
export async function refsOf(
  database: DatabaseHandle,
  userId: string,
  kind: NumberKind,
  numbers: readonly number[],
): Promise<Map<number, string>> {
  const found = new Map<number, string>();
  if (numbers.length === 0) return found;
  const { rows } = await sql<{ ref: string; number: number | string }>`
    select ref, number from fever_id
    where user_id = ${userId} and kind = ${kind} and number in (${sql.join([...numbers])})`.execute(
    database.db,
  );
  for (const row of rows) found.set(Number(row.number), row.ref);
  return found;
}

/**
 * Entries written this long before a pass may still be committing while it runs: each pass looks
 * back this far behind the previous one, so none is missed (numbering one twice is a no-op).
 */
const LOOK_BACK_MS = 120_000;

/**
 * Numbers every entry the person can reach as an item that has none yet: those of the feeds
 * they subscribe to (open to them: never someone else's inbox) and those they starred, oldest
 * entry first, after the highest number they have. New entries (and a new subscription's old
 * ones) so get numbers above any the client has seen, which is what `since_id` needs. After the
 * first pass only what changed since the previous one is looked at (entries inserted, feeds
 * subscribed, entries starred since), kept as a `mark` row.
 */
export async function numberNewItems(database: DatabaseHandle, userId: string): Promise<void> {
  const { rows: marks } = await sql<{ ref: string }>`select ref from fever_id
    where user_id = ${userId} and kind = 'mark'`.execute(database.db);
  const since = marks[0]?.ref;
  const passStarted = new Date(Date.now() - LOOK_BACK_MS).toISOString();
  const subscribed = (extra: RawBuilder<unknown>) => sql`select entry.id as id from entry
      join subscription on subscription.feed_id = entry.feed_id and subscription.user_id = ${userId}
      join feed on feed.id = entry.feed_id
      where ${feedOpenTo(userId)} ${extra}`;
  // Two branches rather than one OR, so each rides its index (entry by feed and insertion time).
  const reachable = since
    ? sql`${subscribed(sql`and entry.inserted_at > ${since}`)}
      union ${subscribed(sql`and subscription.created_at > ${since}`)}
      union select collection.entry_id as id from collection
        where collection.user_id = ${userId} and collection.created_at > ${since}`
    : sql`${subscribed(sql``)}
      union select collection.entry_id as id from collection where collection.user_id = ${userId}`;
  await sql`insert into fever_id (user_id, kind, number, ref)
    select cast(${userId} as varchar(64)), 'item',
      (select coalesce(max(number), 0) from fever_id where user_id = ${userId} and kind = 'item')
        + row_number() over (order by length(r.id), r.id),
      r.id
    from (${reachable}) r
    where not exists (
      select 1 from fever_id f where f.user_id = ${userId} and f.kind = 'item' and f.ref = r.id)
    on conflict do nothing`.execute(database.db);
  if (since) {
    await sql`update fever_id set ref = ${passStarted}
      where user_id = ${userId} and kind = 'mark'`.execute(database.db);
  } else {
    await sql`insert into fever_id (user_id, kind, number, ref)
      values (cast(${userId} as varchar(64)), 'mark', 0, cast(${passStarted} as varchar(255)))
      on conflict do nothing`.execute(database.db);
  }
}
