import type { SavedSearchFilters } from "../../contract/api/saved-searches.ts";
import { type CommandContext, commandInfo } from "./types.ts";

/**
 * Saved-search commands as the search dialog and the sidebar run them (no Effect): each is
 * given its whole payload (`input`); the timeline's context says nothing about saved searches.
 */

/** Run by the dialog and the sidebar's menus (no selection), never offered on a timeline. */
const fromTheirOwnControls = (context: CommandContext) =>
  context.selection === undefined && context.entryId === undefined;

export const saveSearchInfo = commandInfo({
  name: "savedSearches.save",
  conflict: {
    rule: "independent",
    because: "The search's id is made on the device: two devices make two searches.",
  },
  when: fromTheirOwnControls,
  keywords: ["search", "save", "query"],
  // The dialog makes the id, so the search is the same one offline and once synced.
  fromContext: (
    _context,
    input?: { searchId: string; name: string; keyword: string; filters: SavedSearchFilters },
  ) => (input?.searchId && input.keyword.trim() && input.name.trim() ? { ...input } : undefined),
});

export const renameSavedSearchInfo = commandInfo({
  name: "savedSearches.rename",
  conflict: { rule: "last-write-wins", because: "Refused if the search was deleted first." },
  when: fromTheirOwnControls,
  keywords: ["search", "rename"],
  fromContext: (_context, input?: { searchId: string; name: string }) => {
    const name = input?.name.trim();
    return input?.searchId && name ? { searchId: input.searchId, name } : undefined;
  },
});

export const deleteSavedSearchInfo = commandInfo({
  name: "savedSearches.delete",
  conflict: { rule: "delete-wins" },
  when: fromTheirOwnControls,
  keywords: ["search", "delete", "remove"],
  fromContext: (_context, input?: { searchId: string }) =>
    input?.searchId ? { searchId: input.searchId } : undefined,
});
