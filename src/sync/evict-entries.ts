import { runStatements, type Statement } from "../db/statements.ts";
import type { LocalDatabase, SqlRunner } from "../db/types.ts";
import { clearCeilingsStatement } from "./ceilings.ts";
import { raiseFeedFloorsStatement, raiseWideFloorsStatement } from "./floors.ts";

/** Entries kept per subscription at start-up (SPEC §9 hydrate rule). */
export const KEPT_ENTRIES_PER_SUBSCRIPTION = 20;

/**
 * Starred entries and entries a command still waiting to be sent names are always kept (no
 * NULL in this set: `id NOT IN` a set holding NULL is never true, and nothing would go).
 */
const KEPT_WHATEVER_THEIR_AGE = `SELECT entry_id FROM collections
  UNION SELECT json_extract(payload, '$.entryId') FROM outbox
        WHERE json_extract(payload, '$.entryId') IS NOT NULL
  UNION SELECT ids.value FROM outbox, json_each(outbox.payload, '$.entryIds') AS ids
        WHERE json_type(outbox.payload, '$.entryIds') = 'array'`;

interface Cutoff {
  column: "feed_id" | "inbox_handle";
  key: string;
  /** publishedAt of the subscription's Nth newest entry: older ones go. */
  cutoff: string;
}

/**
 * Bounds follow.db at start-up (before any timeline shows): each subscription keeps its newest
 * 20 entries (all of those sharing the 20th one's publish time, as the server never splits a
 * tie), plus starred entries and entries pending commands name; older paged-in entries go.
 * The floors of the timelines that lost entries rise to where their local run now stops, so
 * their pagers fetch the evicted entries again. Answers how many entries went.
 */
export async function evictEntries(
  db: LocalDatabase,
  perSubscription = KEPT_ENTRIES_PER_SUBSCRIPTION,
): Promise<number> {
  return db.transaction(["entries", "meta"], async (tx) => {
    let evicted = 0;
    let highest: string | undefined;
    const floors: Statement[] = [];
    for (const { column, key, cutoff } of await cutoffs(tx, perSubscription)) {
      const { changes } = await tx.execute(
        `DELETE FROM entries WHERE ${column} = ? AND published_at < ?
           AND id NOT IN (${KEPT_WHATEVER_THEIR_AGE})`,
        [key, cutoff],
      );
      if (changes === 0) continue;
      evicted += changes;
      if (highest === undefined || cutoff > highest) highest = cutoff;
      if (column === "feed_id") floors.push(raiseFeedFloorsStatement(key, cutoff));
    }
    // Wide timelines (everything, a view, a folder) are complete only down to the highest
    // cutoff of the subscriptions they may hold. Stars were all kept: their floors stay.
    if (highest !== undefined) floors.push(raiseWideFloorsStatement(highest));
    // Runs read from the oldest entry up lost their bottom.
    if (evicted > 0) floors.push(clearCeilingsStatement());
    await runStatements(tx, floors);
    return evicted;
  });
}

async function cutoffs(db: SqlRunner, perSubscription: number): Promise<Cutoff[]> {
  const nth = (column: string, subscriptionColumn: string) =>
    `SELECT '${column}' AS "column", s.${subscriptionColumn} AS "key",
            (SELECT published_at FROM entries WHERE ${column} = s.${subscriptionColumn}
              ORDER BY published_at DESC LIMIT 1 OFFSET ?) AS cutoff
       FROM subscriptions s WHERE s.${subscriptionColumn} IS NOT NULL`;
  const rows = await db.query<{ column: Cutoff["column"]; key: string; cutoff: string | null }>(
    `SELECT * FROM (${nth("feed_id", "feed_id")} UNION ALL ${nth("inbox_handle", "inbox_id")})
      WHERE cutoff IS NOT NULL`,
    [perSubscription - 1, perSubscription - 1],
  );
  return rows.filter((row): row is Cutoff => row.cutoff !== null);
}
