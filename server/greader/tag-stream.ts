import type { DatabaseHandle } from "../db/connect.ts";
import { hideFeedSecrets } from "../routes/feed-url-privacy.ts";
import { toIso } from "../storage/time.ts";
import { clampTimeMs, decodeCursor, encodeCursor } from "./stream-cursor.ts";
import type { StreamAsk, StreamPage } from "./stream-query.ts";
import { isState } from "./streams.ts";
import {
  isVisibleRow,
  toVisibleItem,
  type VisibleRow,
  visibleEntriesQuery,
} from "./visible-entries.ts";

/** ot/nt (seconds) as a stored time. */
const boundOf = (seconds: number | undefined) =>
  seconds === undefined ? undefined : toIso(clampTimeMs(seconds * 1000));

/**
 * The stream of the person's own tag on entries (`user/-/label/<tag>`): the tagged entries
 * they can see (visibleEntriesQuery), with the same n, continuation, r=o, ot/nt and xt/it
 * rules as a feed's stream. Order, cursor and filters run in the database, which reads one
 * page of n (and one more row, to know whether a next page exists).
 */
export async function readTagStream(
  database: DatabaseHandle,
  userId: string,
  tag: string,
  ask: StreamAsk,
): Promise<StreamPage> {
  const withContent = ask.withContent ?? true;
  const beyond = ask.oldestFirst ? ">" : "<";
  const within = ask.oldestFirst ? ">=" : "<=";
  const direction = ask.oldestFirst ? "asc" : "desc";
  const since = boundOf(ask.since);
  const until = boundOf(ask.until);
  const base = visibleEntriesQuery(database, userId, withContent)
    .innerJoin("entry_tag", (join) =>
      join
        .onRef("entry_tag.entry_id", "=", "entry.id")
        .on("entry_tag.user_id", "=", userId)
        .on("entry_tag.tag", "=", tag),
    )
    .$if(since !== undefined, (q) => q.where("entry.published_at", ">=", since!))
    .$if(until !== undefined, (q) => q.where("entry.published_at", "<", until!))
    .$if(
      ask.exclude.some((id) => isState(id, "read")),
      (q) => q.where("unread.entry_id", "is not", null),
    )
    .$if(
      ask.include.some((id) => isState(id, "read")),
      (q) => q.where("unread.entry_id", "is", null),
    )
    .$if(
      ask.include.some((id) => isState(id, "starred")),
      (q) => q.where("collection.entry_id", "is not", null),
    )
    .$if(
      ask.exclude.some((id) => isState(id, "starred")),
      (q) => q.where("collection.entry_id", "is", null),
    )
    .orderBy("entry.published_at", direction)
    .orderBy("entry.id", direction);

  // Keyset paging: past the cursor's time, or at it and past its id.
  const pageAfter = (at: string | undefined, id: string | undefined, limit: number) =>
    (at && id
      ? base
          .where("entry.published_at", within, at)
          .where((eb) => eb.or([eb("entry.published_at", beyond, at), eb("entry.id", beyond, id)]))
      : base
    )
      .limit(limit)
      .execute();

  const cursor = decodeCursor(ask.continuation);
  let at = cursor ? toIso(cursor.at) : undefined;
  let id = cursor?.id;
  const kept: VisibleRow[] = [];
  // One row past the page tells whether another follows; rows dropped above read on.
  while (kept.length <= ask.count) {
    const want = ask.count + 1 - kept.length;
    const rows = await pageAfter(at, id, want);
    kept.push(...rows.filter((row) => isVisibleRow(row, userId)));
    const last = rows.at(-1);
    if (rows.length < want || !last) break;
    at = last.published_at;
    id = last.id;
  }
  const items = kept.slice(0, ask.count).map((row) => toVisibleItem(row, withContent));
  const page = await hideFeedSecrets(database, userId, items);
  const last = page.at(-1);
  return kept.length > page.length && last
    ? { items: page, continuation: encodeCursor(last) }
    : { items: page };
}
