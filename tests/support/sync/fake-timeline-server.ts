import { endpoints } from "../../../contract/api/index.ts";
import type { EntriesRequest } from "../../../contract/reading.ts";
import type { EntryListItem, FeedModel } from "../../../contract/reading-models.ts";
import type { ApiCall } from "../../../src/api/call.ts";
import { sampleEntry, sampleFeed } from "../models.ts";

/** One entry as the fake server holds it. */
export interface ServerEntry {
  id: string;
  feedId: string;
  publishedAt: string;
  read: boolean;
  starred: boolean;
}

const feed = (id: string): FeedModel => sampleFeed({ id });

/** Newest first, ties by id descending: the server's timeline order. */
export function timelineOrder(a: ServerEntry, b: ServerEntry): number {
  if (a.publishedAt !== b.publishedAt) return a.publishedAt < b.publishedAt ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/**
 * The server's paging contract (server/storage/entry-queries.ts): entries published strictly
 * before `publishedAfter`, newest first (oldest first: strictly after it), `limit` of them plus
 * every entry tied with the last.
 */
export function fakeTimelineServer(entries: ServerEntry[]) {
  const requests: EntriesRequest[] = [];
  const matches = (request: EntriesRequest) => (entry: ServerEntry) =>
    (!request.feedId || entry.feedId === request.feedId) &&
    (!request.feedIdList || request.feedIdList.includes(entry.feedId)) &&
    (request.read !== false || !entry.read) &&
    (!request.isCollection || entry.starred) &&
    (!request.publishedAfter ||
      (request.order === "oldest"
        ? entry.publishedAt > request.publishedAfter
        : entry.publishedAt < request.publishedAfter));
  const list = (request: EntriesRequest): EntryListItem[] => {
    requests.push(request);
    const limit = request.limit ?? 20;
    const rows = entries
      .filter(matches(request))
      .sort((a, b) => (request.order === "oldest" ? timelineOrder(b, a) : timelineOrder(a, b)));
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    if (last) page.push(...rows.slice(limit).filter((e) => e.publishedAt === last.publishedAt));
    return page.map(toItem);
  };
  // One subscription per feed the server holds entries of.
  const subscriptions = () =>
    [...new Set(entries.map((entry) => entry.feedId))].sort().map((feedId) => ({
      userId: "u1",
      feedId,
      view: 0,
      isPrivate: false,
      title: null,
      category: null,
      createdAt: "2026-01-01T00:00:00.000Z",
      feeds: feed(feedId),
    }));
  // By method and path: the same declaration may be loaded twice (lazy chunks).
  const is = (endpoint: unknown, declared: { method: string; path: string }) => {
    const { method, path } = endpoint as { method: string; path: string };
    return method === declared.method && path === declared.path;
  };
  const call = (async (endpoint: unknown, input?: unknown) => {
    if (is(endpoint, endpoints.entries.list))
      return { code: 0, data: list(input as EntriesRequest) };
    if (is(endpoint, endpoints.subscriptions.list)) return { code: 0, data: subscriptions() };
    if (is(endpoint, endpoints.reads.unread)) return { code: 0, data: {} };
    if (is(endpoint, endpoints.lists.list)) return { code: 0, data: [] };
    throw new Error(
      `The fake timeline server answers timeline calls only, not ${JSON.stringify(endpoint)}`,
    );
  }) as ApiCall;
  return { call, requests, entries };
}

function toItem(entry: ServerEntry): EntryListItem {
  return {
    entries: sampleEntry({ id: entry.id, feedId: entry.feedId, publishedAt: entry.publishedAt }),
    feeds: feed(entry.feedId),
    read: entry.read,
    view: 0,
    ...(entry.starred ? { collections: { createdAt: entry.publishedAt } } : {}),
  };
}
