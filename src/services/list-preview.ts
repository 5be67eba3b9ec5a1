import type { Endpoints, ResponseOf } from "../../contract/api/index.ts";
import { endpointInfo } from "../../contract/api/info.ts";
import type { EntryListItem } from "../../contract/reading-models.ts";
import type { ApiFetch } from "../api/client.ts";
import { useRead } from "./server-read.ts";

/** A list's public page: the list, its feeds, owner and followers, and its newest entries. */
export type ListPage = ResponseOf<Endpoints["lists"]["get"]>["data"] & {
  entries: readonly EntryListItem[];
};

const RECENT_ENTRIES = 10;

async function readListPage(api: ApiFetch, listId: string, signal: AbortSignal) {
  const options = { signal, silent: true };
  const [list, entries] = await Promise.all([
    api.call(endpointInfo.lists.get, { listId }, options),
    api.call(endpointInfo.entries.list, { listId, limit: RECENT_ENTRIES }, options),
  ]);
  return { ...list.data, entries: entries.data } satisfies ListPage;
}

/** Loads a list's page from the server (anyone signed in may look at any list). */
export function useListPage(api: ApiFetch | undefined, listId: string) {
  return useRead(api, listId, readListPage);
}
