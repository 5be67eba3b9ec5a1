import { useEffect, useState } from "react";
import { endpoints } from "../../contract/api/index.ts";
import type { SearchRequest, SearchResults } from "../../contract/api/search.ts";
import type { ApiFetch } from "../api/client.ts";
import { errorLine } from "../api/error-text.ts";
import { isFetchError } from "../api/fetch-error.ts";
import { SearchSyntaxError, searchLocal } from "../db/search-local.ts";
import type { LocalDatabase } from "../db/types.ts";
import { translate } from "../i18n/index.ts";

/** Which index answers: the server's, follow.db's, or the server's unless it cannot be reached. */
export type SearchMode = "auto" | "server" | "local";

export type SearchState =
  | { status: "idle" }
  | { status: "loading"; request: SearchRequest }
  | { status: "ready"; request: SearchRequest; results: SearchResults; fellBack: boolean }
  | { status: "failed"; request: SearchRequest; message: string; code: number | undefined };

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
  const [state, setState] = useState<SearchState>({ status: "idle" });
  const key = request ? JSON.stringify(request) : "";
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the request.
  useEffect(() => {
    if (!sources || !request || request.keyword.trim() === "") {
      setState({ status: "idle" });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setState({ status: "loading", request });
      runSearch(sources, request, mode, controller.signal).then(
        ({ results, fellBack }) => {
          if (!controller.signal.aborted) setState({ status: "ready", request, results, fellBack });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          const code = isFetchError(error) ? error.code : undefined;
          const message =
            error instanceof SearchSyntaxError
              ? error.reason
              : isFetchError(error) && error.reason
                ? error.reason
                : errorLine(error, translate);
          setState({ status: "failed", request, message, code });
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [sources?.api, sources?.db, sources?.online, key, mode]);
  return state;
}
