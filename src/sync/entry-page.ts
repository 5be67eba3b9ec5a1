import { endpointInfo } from "../../contract/api/info.ts";
import { ENTRIES_MAX_TIED_ROWS } from "../../contract/constants.ts";
import type { EntriesRequest } from "../../contract/reading.ts";
import type { EntryListItem } from "../../contract/reading-models.ts";
import type { ApiCall, CallOptions } from "../api/call.ts";

/** The server's page size when the request names none. */
const SERVER_DEFAULT_LIMIT = 20;

/** Where a page ended: its last entry's publish time and id. */
export interface Keyset {
  publishedAfter: string;
  publishedAfterId: string;
}

/**
 * One page of a timeline, whole. The server never ends a page between entries sharing a
 * publish time, so the next page can start strictly beyond the last one's; it grows a page by
 * at most ENTRIES_MAX_TIED_ROWS such entries, and a page grown that far may end inside the
 * run. Its rest is then read on by the keyset cursor until a page ends where a publish time
 * does, so no entry of the run is skipped.
 */
export async function readWholePage<T extends { entries: { id: string; publishedAt: string } }>(
  limit: number | undefined,
  fetchPage: (keyset?: Keyset) => Promise<readonly T[]>,
): Promise<T[]> {
  const grown = (limit ?? SERVER_DEFAULT_LIMIT) + ENTRIES_MAX_TIED_ROWS;
  let page = await fetchPage();
  const items = [...page];
  while (page.length >= grown) {
    const last = items.at(-1)!.entries;
    page = await fetchPage({ publishedAfter: last.publishedAt, publishedAfterId: last.id });
    items.push(...page);
  }
  return items;
}

/** One whole page of POST /entries (see readWholePage). */
export function fetchEntryPage(
  call: ApiCall,
  request: EntriesRequest,
  options?: CallOptions,
): Promise<EntryListItem[]> {
  return readWholePage(request.limit, async (keyset) => {
    const { data } = await call(endpointInfo.entries.list, { ...request, ...keyset }, options);
    return data;
  });
}
