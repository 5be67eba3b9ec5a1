import type { EntryListItem } from "../../contract/reading-models.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { entryIdsTagged } from "../storage/entry-tags.ts";
import { itemsByIds } from "./items-by-ids.ts";
import { decodeCursor, encodeCursor } from "./stream-cursor.ts";
import type { StreamAsk, StreamPage } from "./stream-query.ts";
import { isState } from "./streams.ts";

/** Most entries one tag's stream reads: a tag is a hand-made set, not a feed. */
const MAX_TAGGED = 1000;

/** Publish time, then id as a number (ids are decimal strings of up to 20 digits). */
const orderKey = (item: EntryListItem) =>
  `${item.entries.publishedAt}|${item.entries.id.padStart(20, "0")}`;

/**
 * The stream of the person's own tag on entries (`user/-/label/<tag>`): the tagged entries
 * they can see, with the same n, continuation, r=o, ot/nt and xt/it rules as a feed's stream.
 */
export async function readTagStream(
  database: DatabaseHandle,
  userId: string,
  tag: string,
  ask: StreamAsk,
): Promise<StreamPage> {
  const ids = (await entryIdsTagged(database, userId, tag)).slice(0, MAX_TAGGED);
  const items = await itemsByIds(database, userId, ids);
  const direction = ask.oldestFirst ? 1 : -1;
  items.sort((a, b) => (orderKey(a) < orderKey(b) ? -direction : direction));
  const cursor = decodeCursor(ask.continuation);
  const after = cursor ? `${cursor.at}|${cursor.id.padStart(20, "0")}` : undefined;
  const since = ask.since !== undefined ? ask.since * 1000 : undefined;
  const until = ask.until !== undefined ? ask.until * 1000 : undefined;
  const unreadOnly = ask.exclude.some((id) => isState(id, "read"));
  const readOnly = ask.include.some((id) => isState(id, "read"));
  const starredOnly = ask.include.some((id) => isState(id, "starred"));
  const unstarredOnly = ask.exclude.some((id) => isState(id, "starred"));
  const kept = items.filter((item) => {
    const key = orderKey(item);
    if (after && (ask.oldestFirst ? key <= after : key >= after)) return false;
    const at = Date.parse(item.entries.publishedAt);
    if (since !== undefined && at < since) return false;
    if (until !== undefined && at >= until) return false;
    if ((unreadOnly && item.read) || (readOnly && !item.read)) return false;
    return !((starredOnly && !item.collections) || (unstarredOnly && item.collections));
  });
  const page = kept.slice(0, ask.count);
  const last = page.at(-1);
  return kept.length > page.length && last
    ? { items: page, continuation: encodeCursor(last) }
    : { items: page };
}
