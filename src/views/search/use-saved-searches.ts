import { of } from "rxjs";
import { type SavedSearchItem, savedSearches$ } from "../../queries/saved-searches.ts";
import { useLiveQuery } from "../../queries/use-live-query.ts";
import { useRuntime } from "../../runtime/runtime-context.tsx";

/** The saved searches; empty while the database opens. */
export function useSavedSearches(): SavedSearchItem[] {
  const reader = useRuntime();
  return useLiveQuery(() => (reader ? savedSearches$(reader.db) : of([])), [reader]) ?? [];
}

export function useSavedSearch(searchId: string | undefined): SavedSearchItem | undefined {
  const all = useSavedSearches();
  return searchId === undefined ? undefined : all.find((search) => search.id === searchId);
}
