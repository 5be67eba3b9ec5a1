import { useEffect } from "react";
import type { FeedSelection } from "../../contract/routes.ts";
import { local, select } from "../db/local-sql.ts";
import { selectRows } from "../db/select-rows.ts";
import type { RuntimeServices } from "./runtime-services.ts";

/** Entries fetched per opening of a tag's timeline, at most (the next opening fetches more). */
export const TAG_FILL_BATCH = 50;

/** Tagged entries this device does not hold (older than any pull brought), newest tag first. */
export async function missingTaggedEntries(db: RuntimeServices["db"], tag: string, limit: number) {
  const rows = await selectRows(
    db,
    select(
      local
        .selectFrom("entry_tags as t")
        .select("t.entry_id")
        .where("t.tag", "=", tag)
        .where("t.entry_id", "not in", (eb) => eb.selectFrom("entries").select("id"))
        .orderBy("t.created_at", "desc")
        .limit(limit),
    ),
  );
  return rows.map((row) => row.entry_id);
}

/**
 * A tag's timeline shows the entries held on this device; those tagged but never pulled here
 * (an old entry tagged on another device) are fetched one by one as it opens, a batch at a time.
 */
export function useTagTimelineFill(
  reader: RuntimeServices | null | undefined,
  feed: FeedSelection,
) {
  const tag = feed.kind === "tag" ? feed.tag : undefined;
  useEffect(() => {
    if (!reader || tag === undefined) return;
    let cancelled = false;
    void (async () => {
      const missing = await missingTaggedEntries(reader.db, tag, TAG_FILL_BATCH);
      if (missing.length === 0) return;
      // The API's Schemas load with the first fetch, not with the timeline's first paint.
      const { fetchEntryIntoStore } = await import("./entry-content/fetch-entry.ts");
      for (const id of missing) {
        if (cancelled) return;
        if ((await fetchEntryIntoStore(reader.api, reader.db, id)) === "offline") return;
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [reader, tag]);
}
