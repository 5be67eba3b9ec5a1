import type { EntryListItem, SubscriptionModel } from "../../contract/reading-models.ts";
import type { ApiFetch } from "../api/client.ts";
import { assertOk } from "./sync-api.ts";

/** Confirmed server state for the signed-in user, as one pull fetched it. */
export interface ServerSnapshot {
  subscriptions: SubscriptionModel[];
  unread: Record<string, number>;
  /** Absent when the pull left entries alone (window refocus). */
  entries?: EntryListItem[];
  starred?: EntryListItem[];
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
  const call = async <T>(path: string, body?: Record<string, unknown>) => {
    const method = body ? "POST" : "GET";
    const answer = await api<{ code: number; data: T }>(path, {
      method,
      body,
      silent: true,
      timeout: options.timeoutMs,
    });
    assertOk(answer, method, path);
    return answer.data;
  };
  // Paged by publishedAfter: each page holds entries published strictly before the cursor.
  const pages = async (filter: Record<string, unknown>) => {
    const items: EntryListItem[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < options.maxPages; page++) {
      const body = {
        ...filter,
        limit: options.pageSize,
        ...(cursor ? { publishedAfter: cursor } : {}),
      };
      const batch = await call<EntryListItem[]>("/entries", body);
      items.push(...batch);
      if (batch.length < options.pageSize) break;
      cursor = batch.at(-1)?.entries.publishedAt;
    }
    return items;
  };
  const [subscriptions, unread] = await Promise.all([
    call<SubscriptionModel[]>("/subscriptions"),
    call<Record<string, number>>("/reads"),
  ]);
  if (!options.entries) return { subscriptions, unread };
  const entries = await pages({});
  const starred = await pages({ isCollection: true });
  return { subscriptions, unread, entries, starred };
}
