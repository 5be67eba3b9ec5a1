import { sql } from "kysely";
import { jsonValues } from "./json-values.ts";
import { local, select, statement } from "./local-sql.ts";
import { selectRows } from "./select-rows.ts";
import type { LocalDatabase } from "./types.ts";

/** Rows indexed per transaction: other writes wait at most one batch. */
const BATCH = 2000;

const dirtyRows = select(
  local.selectFrom("entries_fts_dirty").select("rowid").orderBy("rowid").limit(BATCH),
);

/** The search text of entries, as `search_text()` (src/db/search-functions.ts) makes it. */
function searchText(column: "title" | "author" | "url") {
  return sql<string>`search_text(${sql.ref(column)}, 0)`;
}

/**
 * Brings the local full-text index up to date with the rows written since it last ran
 * (`entries_fts_dirty`, migrations/client/0003_search.ts): each noted row is taken out of the
 * index and put back if it still exists, batch by batch. Answers how many rows it went over.
 */
export async function refreshSearchIndex(db: LocalDatabase): Promise<number> {
  let total = 0;
  for (;;) {
    const done = await db.transaction(["entries_fts", "entries_fts_dirty"], async (tx) => {
      const rows = await selectRows(tx, dirtyRows);
      if (rows.length === 0) return 0;
      const ids = jsonValues(rows.map((row) => row.rowid));
      const steps = [
        statement(local.deleteFrom("entries_fts").where("rowid", "in", ids)),
        statement(
          local
            .insertInto("entries_fts")
            .columns(["rowid", "title", "body", "author", "url"])
            .expression(
              local
                .selectFrom("entries")
                .select([
                  sql<number>`rowid`.as("rowid"),
                  searchText("title").as("title"),
                  // The person's highlights and notes on the entry are searchable as its text.
                  sql<string>`search_text(coalesce(content, description), 1) || ' ' || search_text((select group_concat(h.exact || ' ' || h.note, ' ') from highlights h where h.entry_id = entries.id), 1)`.as(
                    "body",
                  ),
                  searchText("author").as("author"),
                  searchText("url").as("url"),
                ])
                .where(sql`rowid`, "in", ids),
            ),
        ),
        statement(local.deleteFrom("entries_fts_dirty").where("rowid", "in", ids)),
      ];
      for (const step of steps) await tx.execute(step.sql, step.params);
      return rows.length;
    });
    total += done;
    if (done < BATCH) return total;
  }
}
