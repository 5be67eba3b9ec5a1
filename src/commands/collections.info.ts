import { commandInfo } from "./types.ts";

/** Stars ("collections") as the palette, shortcuts and toolbar see them (no Effect). */

export const starInfo = commandInfo({
  name: "collections.star",
  conflict: {
    rule: "last-write-wins",
    because:
      "Star against unstar of one entry: the one received last stands; refused if the entry is no longer visible.",
  },
  shortcut: { keys: "S", scope: "entry-render" },
  keywords: ["star", "save", "favorite", "collect"],
  when: (context) => context.entryId !== undefined && context.entryStarred !== true,
  // The entry's feed and view, when known, let the star show before the entry is local.
  fromContext: ({ entryId, entryFeedId, entryView }) =>
    entryId
      ? {
          entryId,
          ...(entryFeedId ? { feedId: entryFeedId } : {}),
          ...(entryView !== undefined ? { view: entryView } : {}),
        }
      : undefined,
});

export const unstarInfo = commandInfo({
  name: "collections.unstar",
  conflict: { rule: "last-write-wins" },
  shortcut: { keys: "S", scope: "entry-render" },
  keywords: ["unstar", "remove", "uncollect"],
  when: (context) => context.entryId !== undefined && context.entryStarred === true,
  fromContext: ({ entryId }) => (entryId ? { entryId } : undefined),
});
