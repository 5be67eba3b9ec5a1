import { commandInfo } from "./types.ts";

/** The entries commands as the palette, shortcuts, toolbar and menus see them (no Effect). */

/** The entries a context stands for: rows marked at once, else the open entry. */
function entryIds(context: { entryId?: string; entryIds?: readonly string[] }) {
  if (context.entryIds?.length) return [...context.entryIds];
  return context.entryId ? [context.entryId] : undefined;
}

export const markReadInfo = commandInfo({
  name: "entries.markRead",
  conflict: {
    rule: "last-write-wins",
    because: "Read against unread of one entry: the mark the server received last stands.",
  },
  shortcut: { keys: "M", scope: "entry-render" },
  keywords: ["read", "seen"],
  when: (context) =>
    Boolean(context.entryIds?.length) ||
    (context.entryId !== undefined && context.entryRead !== true),
  fromContext: (context) => {
    const ids = entryIds(context);
    return ids ? { entryIds: ids } : undefined;
  },
  // Read rows stay in the list they were read from, however they were marked.
  onRun: (payload, view) => view.keepVisible(payload.entryIds),
});

export const markUnreadInfo = commandInfo({
  name: "entries.markUnread",
  conflict: {
    rule: "last-write-wins",
    because:
      "Unread against read: the mark received last stands; refused if the entry's feed was unfollowed first.",
  },
  shortcut: { keys: "M", scope: "entry-render" },
  keywords: ["unread", "later"],
  when: (context) => context.entryId !== undefined && context.entryRead === true,
  fromContext: ({ entryId }) => (entryId ? { entryId } : undefined),
});

/** The toolbar's read button (an entry's read state toggles). */
export const toggleReadInfo = commandInfo({
  name: "entries.toggleRead",
  conflict: {
    rule: "last-write-wins",
    because:
      "The new state is fixed when it runs, so a replay sets it again instead of flipping it back.",
  },
  keywords: ["read", "unread", "toggle"],
  when: (context) => context.entryId !== undefined,
  fromContext: ({ entryId, entryRead }) =>
    entryId ? { entryId, read: entryRead !== true } : undefined,
  onRun: (payload, view) => {
    if (payload.read) view.keepVisible([payload.entryId]);
  },
});

/**
 * Mark all read for the selection: a single feed as it is (private or not), several feeds or
 * a whole view without the private ones. Starred items, lists and inboxes have none.
 */
export const markAllReadInfo = commandInfo({
  name: "entries.markAllRead",
  conflict: {
    rule: "last-write-wins",
    because:
      "Marks what is unread in its scope when the server receives it, entries that arrived since included.",
  },
  shortcut: { keys: "Shift+$mod+A", scope: "subscription-list" },
  keywords: ["read", "all", "clear", "catch up"],
  fromContext: ({ selection, view, feedId, feedIds }) => {
    if (feedIds?.length) return { feedIdList: [...feedIds], excludePrivate: true };
    if (feedId) return { feedId };
    if (selection === "all" && view !== undefined) return { view, excludePrivate: true };
    return undefined;
  },
  // An undo toast, whichever way it ran (button, menu, shortcut, palette).
  onRun: (payload, view) => view.offerMarkAllReadUndo?.(payload),
});
