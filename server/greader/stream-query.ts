import type { EntriesRequest } from "../../contract/reading.ts";
import type { EntryListItem } from "../../contract/reading-models.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { hideFeedSecrets } from "../routes/feed-url-privacy.ts";
import { listEntries } from "../storage/entry-queries.ts";
import { listInboxEntries } from "./inbox-stream.ts";
import { clampTimeMs, decodeCursor, encodeCursor } from "./stream-cursor.ts";
import { isState, LABEL, parseStreamId, STATE } from "./streams.ts";
import { findByRef, type ReaderSubscription } from "./subscriptions.ts";
import { readTagStream } from "./tag-stream.ts";

/** What a stream request asks, as clients send it (query or form fields). */
export interface StreamAsk {
  streamId: string | undefined;
  /** n */
  count: number;
  /** r=o: oldest first. */
  oldestFirst: boolean;
  /** ot: only items published at or after this (seconds). */
  since?: number | undefined;
  /** nt: only items published before this (seconds). */
  until?: number | undefined;
  /** xt: streams excluded; it: streams required (states only). */
  exclude: readonly string[];
  include: readonly string[];
  continuation?: string | undefined;
  /** Item ids only need no bodies. */
  withContent?: boolean;
}

export interface StreamPage {
  items: EntryListItem[];
  continuation?: string;
}

/** Page through entries no more than this many per query. */
const BATCH = 1000;

/**
 * The filter of the timeline query a stream stands for, through the same query (and so the
 * same visibility rules) as the web app's timelines; undefined for a stream the person does not
 * have (an unknown feed or label): an empty stream.
 */
export function filterOf(
  subscriptions: readonly ReaderSubscription[],
  streamId: string | undefined,
): (EntriesRequest & { inboxId?: string }) | undefined {
  const ref = parseStreamId(streamId ?? `${STATE}reading-list`);
  if (!ref) return undefined;
  switch (ref.kind) {
    case "reading-list":
      return {};
    case "read":
      return { read: true };
    case "starred":
      return { isCollection: true };
    case "kept-unread":
      return { read: false };
    case "feed": {
      const found = findByRef(subscriptions, ref.ref);
      if (!found) return undefined;
      if (found.inboxId) return { inboxId: found.inboxId };
      return found.listId ? { listId: found.listId } : { feedId: found.id };
    }
    case "label": {
      const feeds = subscriptions.filter((s) => s.category === ref.name && !s.listId && !s.inboxId);
      const lists = subscriptions.filter((s) => s.category === ref.name && s.listId);
      if (feeds.length > 0) return { feedIdList: feeds.map((s) => s.id) };
      if (lists.length === 1) return { listId: lists[0]!.listId };
      return undefined;
    }
  }
}

/**
 * One page of a stream: n items after the continuation, filtered by ot/nt and the xt/it
 * states, newest first unless r=o. The continuation is the last item's time and id (a keyset
 * cursor: pages never skip or repeat an entry while new ones arrive).
 */
export async function readStream(
  database: DatabaseHandle,
  userId: string,
  subscriptions: readonly ReaderSubscription[],
  ask: StreamAsk,
): Promise<StreamPage> {
  if (ask.count <= 0) return { items: [] };
  const base = filterOf(subscriptions, ask.streamId);
  if (!base) {
    // A label no feed or list carries may be the person's own tag on entries.
    const ref = parseStreamId(ask.streamId ?? "");
    return ref?.kind === "label" ? readTagStream(database, userId, ref.name, ask) : { items: [] };
  }
  const { inboxId, ...timeline } = base;
  const filter: { -readonly [K in keyof EntriesRequest]: EntriesRequest[K] } = {
    ...timeline,
    withContent: ask.withContent ?? true,
  };
  if (ask.exclude.some((id) => isState(id, "read"))) filter.read = false;
  if (ask.include.some((id) => isState(id, "read"))) filter.read = true;
  if (ask.include.some((id) => isState(id, "starred")) && !filter.listId)
    filter.isCollection = true;
  const excludeStarred = ask.exclude.some((id) => isState(id, "starred"));
  const labelsExcluded = ask.exclude.filter((id) => id.includes("/label/"));
  if (ask.oldestFirst) filter.order = "oldest";
  const since = ask.since !== undefined ? clampTimeMs(ask.since * 1000) : undefined;
  const until = ask.until !== undefined ? clampTimeMs(ask.until * 1000) : undefined;
  const cursor = decodeCursor(ask.continuation);
  if (cursor) {
    filter.publishedAfter = cursor.at;
    filter.publishedAfterId = cursor.id;
  } else if (ask.oldestFirst && since !== undefined) {
    filter.publishedAfter = new Date(since - 1).toISOString();
  } else if (!ask.oldestFirst && until !== undefined) {
    filter.publishedAfter = new Date(until).toISOString();
  }
  const inRange = (item: EntryListItem) => {
    const at = Date.parse(item.entries.publishedAt);
    return (since === undefined || at >= since) && (until === undefined || at < until);
  };
  const pastRange = (item: EntryListItem) => {
    const at = Date.parse(item.entries.publishedAt);
    return ask.oldestFirst ? until !== undefined && at >= until : since !== undefined && at < since;
  };
  const excludedLabels = new Set(
    labelsExcluded.map((id) => id.replace(/^user\/[^/]+\/label\//, "")),
  );
  const categoryOf = new Map(subscriptions.filter((s) => !s.listId).map((s) => [s.id, s.category]));
  const items: EntryListItem[] = [];
  let more = true;
  let last: EntryListItem | undefined;
  while (items.length < ask.count && more) {
    const page = inboxId
      ? await listInboxEntries(database, userId, inboxId, { ...filter, limit: BATCH })
      : await listEntries(database, userId, { ...filter, limit: BATCH });
    if (page.length === 0) {
      more = false;
      break;
    }
    for (const item of page) {
      if (items.length >= ask.count) break;
      last = item;
      if (pastRange(item)) {
        more = false;
        break;
      }
      if (!inRange(item)) continue;
      if (excludeStarred && item.collections) continue;
      const category = categoryOf.get(item.entries.feedId);
      if (category && excludedLabels.has(category)) continue;
      items.push(item);
    }
    if (page.length < BATCH) more = items.length >= ask.count && last !== page.at(-1);
    if (last) {
      filter.publishedAfter = last.entries.publishedAt;
      filter.publishedAfterId = last.entries.id;
    }
  }
  const visible = await hideFeedSecrets(database, userId, items);
  return more && last ? { items: visible, continuation: encodeCursor(last) } : { items: visible };
}

export { LABEL };
