import { endpoints } from "../../contract/api/index.ts";
import type { SearchRequest, SearchResults } from "../../contract/api/search.ts";
import type { ApiFetch } from "../api/client.ts";
import { isFetchError } from "../api/fetch-error.ts";
import { SearchSyntaxError, searchLocal } from "../db/search-local.ts";
import type { LocalDatabase } from "../db/types.ts";
import { trackProductEvent } from "./observability/product-events.ts";
import { type ReadState, useRead } from "./server-read.ts";

/** Which index answers: the server's, follow.db's, or the server's unless it cannot be reached. */
export type SearchMode = "auto" | "server" | "local";

export type SearchState = ReadState<
  { results: SearchResults; fellBack: boolean },
  { request: SearchRequest; mode: SearchMode }
>;

/** Typing pauses this long before a search runs. */
const SEARCH_DEBOUNCE_MS = 180;

export interface SearchSources {
  api: ApiFetch;
  db: LocalDatabase;
  online: boolean;
}

/**
 * Runs a search where the mode says. In "auto", offline goes straight to the local index and a
 * server that cannot be reached (no answer at all) falls back to it; a refused query (1002 and
 * its reason) is shown as is, since local search would refuse it alike.
 */
export async function runSearch(
  sources: SearchSources,
  request: SearchRequest,
  mode: SearchMode,
  signal?: AbortSignal,
): Promise<{ results: SearchResults; fellBack: boolean }> {
  trackProductEvent("search_used", { mode });
  if (mode === "local" || (mode === "auto" && !sources.online)) {
    return { results: await searchLocal(sources.db, request), fellBack: mode === "auto" };
  }
  try {
    const answer = await sources.api.call(endpoints.search.query, request, {
      ...(signal ? { signal } : {}),
      silent: true,
    });
    return { results: answer.data, fellBack: false };
  } catch (error) {
    const unreachable = isFetchError(error) && error.isNetworkError;
    if (mode === "auto" && unreachable) {
      return { results: await searchLocal(sources.db, request), fellBack: true };
    }
    throw error;
  }
}

/** The results for the request being typed: debounced, a newer request aborts the older one. */
export function useSearch(
  sources: SearchSources | undefined,
  request: SearchRequest | null,
  mode: SearchMode,
): SearchState {
  const wanted = sources && request && request.keyword.trim() !== "" ? request : null;
  return useRead(
    sources,
    wanted === null ? null : { request: wanted, mode },
    (from, input, signal) => runSearch(from, input.request, input.mode, signal),
    {
      delayMs: SEARCH_DEBOUNCE_MS,
      describe: (error) =>
        error instanceof SearchSyntaxError
          ? error.reason
          : isFetchError(error) && error.reason
            ? error.reason
            : undefined,
    },
  );
}
