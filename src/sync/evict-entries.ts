import { sql } from "kysely";
import { local, select, statement } from "../db/local-sql.ts";
import { selectRows } from "../db/select-rows.ts";
import { runStatements, type Statement } from "../db/statements.ts";
import type { LocalDatabase, SqlRunner } from "../db/types.ts";
import { clearCeilingsStatement } from "./ceilings.ts";
import { raiseFeedFloorsStatement, raiseWideFloorsStatement } from "./floors.ts";

/** Entries kept per subscription when follow.db is bounded at start-up. */
export const KEPT_ENTRIES_PER_SUBSCRIPTION = 20;

/**
 * Starred entries and entries a command still waiting to be sent names are always kept (no
 * NULL in this set: `id NOT IN` a set holding NULL is never true, and nothing would go).
 */
const keptWhateverTheirAge = local
  .selectFrom("collections")
  .select("entry_id")
  .union(
    local
      .selectFrom("outbox")
      .select(sql<string>`json_extract(payload, '$.entryId')`.as("entry_id"))
      .where(sql`json_extract(payload, '$.entryId')`, "is not", null),
  )
  .union(
    local
      .selectFrom([
        "outbox",
        sql<{ value: string }>`json_each(outbox.payload, '$.entryIds')`.as("ids"),
      ])
      .select("ids.value as entry_id")
      .where(sql`json_type(outbox.payload, '$.entryIds')`, "=", sql.lit("array")),
  );

type CutoffColumn = "feed_id" | "inbox_handle";

/**
 * At most this many entries go per start-up: the eviction runs before the first rows show, and
 * deleting runs at about 25 µs an entry in Node, several times that in a browser, so 100,000
 * excess entries at once held the first paint for seconds. What is left over stays below the
 * raised floors (never shown, the pager writes over it) and goes at the next start-ups.
 */
export const EVICTED_PER_START = 2000;

/**
 * Deletes the oldest of one subscription's entries published before a cutoff, at most a given
 * number (parameters: key, cutoff, limit), compiled once per column: start-up runs it for every
 * subscription.
 */
const deleteOlder: Record<CutoffColumn, Statement> = {
  feed_id: deleteOlderStatement("feed_id"),
  inbox_handle: deleteOlderStatement("inbox_handle"),
};

function deleteOlderStatement(column: CutoffColumn): Statement {
  const compiled = statement(
    local
      .deleteFrom("entries")
      .where(
        "id",
        "in",
        local
          .selectFrom("entries")
          .select("id")
          .where(column, "=", "")
          .where("published_at", "<", "")
          .where("id", "not in", keptWhateverTheirAge)
          .orderBy("published_at")
          .limit(0),
      ),
  );
  if (compiled.params.length !== 3) throw new Error("eviction takes a key, a cutoff and a limit");
  return compiled;
}

interface Cutoff {
  column: CutoffColumn;
  key: string;
  /** publishedAt of the subscription's Nth newest entry: older ones go. */
  cutoff: string;
}

/**
 * Bounds follow.db at start-up (before any timeline shows): each subscription keeps its newest
 * 20 entries (all of those sharing the 20th one's publish time, as the server never splits a
 * tie), plus starred entries and entries pending commands name; older paged-in entries go,
 * the oldest first, at most `atMost` of them. The floors of the timelines that lost entries
 * rise to where their local run now stops, so their pagers fetch the evicted entries again.
 * Answers how many entries went.
 */
export async function evictEntries(
  db: LocalDatabase,
  perSubscription = KEPT_ENTRIES_PER_SUBSCRIPTION,
  atMost = EVICTED_PER_START,
): Promise<number> {
  return db.transaction(["entries", "meta"], async (tx) => {
    let evicted = 0;
    let highest: string | undefined;
    const floors: Statement[] = [];
    for (const { column, key, cutoff } of await cutoffs(tx, perSubscription)) {
      if (evicted >= atMost) break;
      const { changes } = await tx.execute(deleteOlder[column].sql, [
        key,
        cutoff,
        atMost - evicted,
      ]);
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

/** The publishedAt of each subscription's Nth newest entry (those with fewer entries lack one). */
function nthNewest(
  column: CutoffColumn,
  subscriptionColumn: "feed_id" | "inbox_id",
  offset: number,
) {
  return local
    .selectFrom("subscriptions as s")
    .select((eb) => [
      sql.lit(column).$castTo<CutoffColumn>().as("column"),
      eb.ref(`s.${subscriptionColumn}`).$castTo<string>().as("key"),
      eb
        .selectFrom("entries")
        .select("entries.published_at")
        .whereRef(`entries.${column}`, "=", `s.${subscriptionColumn}`)
        .orderBy("entries.published_at", "desc")
        .limit(1)
        .offset(offset)
        .as("cutoff"),
    ])
    .where(`s.${subscriptionColumn}`, "is not", null);
}

async function cutoffs(db: SqlRunner, perSubscription: number): Promise<Cutoff[]> {
  const nth = perSubscription - 1;
  const rows = await selectRows(
    db,
    select(
      local
        .selectFrom(
          nthNewest("feed_id", "feed_id", nth)
            .unionAll(nthNewest("inbox_handle", "inbox_id", nth))
            .as("n"),
        )
        .selectAll()
        .where("cutoff", "is not", null),
    ),
  );
  return rows.filter((row): row is Cutoff => row.cutoff !== null);
}
