import { endpointInfo } from "../../contract/api/info.ts";
import type { SavedSearch } from "../../contract/api/saved-searches.ts";
import type { EntryTagModel } from "../../contract/entities/entry-tag.ts";
import type { HighlightModel } from "../../contract/entities/highlight.ts";
import type { ReadingPositionModel } from "../../contract/entities/reading-position.ts";
import type { EntriesRequest } from "../../contract/reading.ts";
import type {
  EntryListItem,
  InboxSubscriptionModel,
  ListModel,
  ListSubscriptionModel,
  SubscriptionModel,
} from "../../contract/reading-models.ts";
import type { ApiFetch } from "../api/client.ts";
import { fetchEntryPage } from "./entry-page.ts";

/** Confirmed server state for the signed-in user, as one pull fetched it. */
export interface ServerSnapshot {
  subscriptions: readonly SubscriptionModel[];
  /** Subscriptions to lists (absent from older servers). */
  listSubscriptions?: readonly ListSubscriptionModel[];
  /** Lists this person owns. */
  ownedLists?: readonly ListModel[];
  /** The person's saved searches (absent when the server has none to give). */
  savedSearches?: readonly SavedSearch[];
  /** The person's highlights and entry tags (absent when the server has none to give). */
  highlights?: readonly HighlightModel[];
  entryTags?: readonly EntryTagModel[];
  /** Where the person stopped in entries, every device's (absent from older servers). */
  readingPositions?: readonly ReadingPositionModel[];
  /** The person's inboxes, as subscriptions. */
  inboxSubscriptions?: readonly InboxSubscriptionModel[];
  unread: { readonly [feedId: string]: number };
  /** Absent when the pull left entries alone (window refocus). */
  entries?: readonly EntryListItem[];
  starred?: readonly EntryListItem[];
  /** How far down the server's timeline `entries` reach: the last publishedAt, "" for all. */
  entriesFloor?: string;
  starredFloor?: string;
}

export interface PullOptions {
  entries: boolean;
  pageSize: number;
  /** Pages of the timeline (and of stars) fetched per pull, newest first. */
  maxPages: number;
  timeoutMs: number;
}

export const DEFAULT_PULL: Omit<PullOptions, "entries"> = {
  pageSize: 100,
  maxPages: 5,
  timeoutMs: 30_000,
};

export async function fetchSnapshot(api: ApiFetch, options: PullOptions): Promise<ServerSnapshot> {
  const quietly = { silent: true, timeout: options.timeoutMs };
  // Paged by publishedAfter: each page holds entries published strictly before the cursor.
  const pages = async (filter: EntriesRequest) => {
    const items: EntryListItem[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < options.maxPages; page++) {
      const request = {
        ...filter,
        limit: options.pageSize,
        ...(cursor ? { publishedAfter: cursor } : {}),
      };
      const batch = await fetchEntryPage(api.call, request, quietly);
      items.push(...batch);
      if (batch.length < options.pageSize) return { items, floor: "" };
      cursor = batch.at(-1)?.entries.publishedAt;
    }
    return { items, floor: cursor ?? "" };
  };
  const [all, unread, ownedLists, savedSearches, highlights, entryTags, readingPositions] =
    await Promise.all([
      api.call(endpointInfo.subscriptions.list, {}, quietly).then((answer) => answer.data),
      api.call(endpointInfo.reads.unread, {}, quietly).then((answer) => answer.data),
      api.call(endpointInfo.lists.list, {}, quietly).then((answer) => answer.data),
      // A server without saved searches (older) leaves the local ones as they are.
      api
        .call(endpointInfo.savedSearches.list, {}, quietly)
        .then((answer) => answer.data)
        .catch(() => undefined),
      // Likewise highlights and tags: an older server leaves the local ones as they are.
      api
        .call(endpointInfo.highlights.list, {}, quietly)
        .then((answer) => answer.data)
        .catch(() => undefined),
      api
        .call(endpointInfo.tags.list, {}, quietly)
        .then((answer) => answer.data)
        .catch(() => undefined),
      api
        .call(endpointInfo.readingPositions.list, {}, quietly)
        .then((answer) => answer.data)
        .catch(() => undefined),
    ]);
  const subscriptions = all.filter((s): s is SubscriptionModel => "feedId" in s);
  const listSubscriptions = all.filter((s): s is ListSubscriptionModel => "listId" in s);
  const inboxSubscriptions = all.filter((s): s is InboxSubscriptionModel => "inboxId" in s);
  const confirmed = {
    subscriptions,
    listSubscriptions,
    ownedLists,
    inboxSubscriptions,
    unread,
    ...(savedSearches ? { savedSearches } : {}),
    ...(highlights ? { highlights } : {}),
    ...(entryTags ? { entryTags } : {}),
    ...(readingPositions ? { readingPositions } : {}),
  };
  if (!options.entries) return confirmed;
  const entries = await pages({});
  const starred = await pages({ isCollection: true });
  return {
    ...confirmed,
    entries: entries.items,
    starred: starred.items,
    entriesFloor: entries.floor,
    starredFloor: starred.floor,
  };
}
