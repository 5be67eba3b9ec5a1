import type { TagFilter } from "../../contract/search/query.ts";
import { local } from "./local-sql.ts";

/** Entry ids carrying a tag (local `entry_tags`), for `tag:` in a search. */
export function entryIdsTagged(tag: string) {
  return local.selectFrom("entry_tags").select("entry_id").where("tag", "=", tag);
}

/** The search's `tag:` filters as conditions on `e.id`. */
export function withTagFilters<
  Q extends {
    where(column: "e.id", op: "in" | "not in", values: ReturnType<typeof entryIdsTagged>): Q;
  },
>(query: Q, tags: readonly TagFilter[]): Q {
  let filtered = query;
  for (const { tag, negated } of tags) {
    filtered = filtered.where("e.id", negated ? "not in" : "in", entryIdsTagged(tag));
  }
  return filtered;
}
