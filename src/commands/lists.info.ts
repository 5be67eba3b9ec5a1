import type { FeedViewType } from "../../contract/views.ts";
import { type CommandContext, commandInfo } from "./types.ts";

/**
 * List commands as the Settings › Lists page runs them (no Effect). Each is given its whole
 * payload by the page (`input`): the context of the timeline says nothing about lists.
 */
export interface ListFields {
  title?: string;
  description?: string | null;
  image?: string | null;
  view?: FeedViewType;
  fee?: number;
}

/** Offered away from timelines and entries: the Settings › Lists page is where they run. */
const onListsPage = (context: CommandContext) =>
  context.selection === undefined && context.entryId === undefined;

export const createListInfo = commandInfo({
  name: "lists.create",
  conflict: {
    rule: "independent",
    because: "The list's id is made on the device: two devices make two lists.",
  },
  when: onListsPage,
  keywords: ["list", "new", "create", "curate"],
  // The page makes the id (so the list is the same one offline and once synced) and the owner.
  fromContext: (
    _context,
    input?: { listId: string; ownerUserId: string; title: string; view: FeedViewType } & ListFields,
  ) => (input?.title ? { ...input } : undefined),
});

export const editListInfo = commandInfo({
  name: "lists.edit",
  conflict: {
    rule: "last-write-wins",
    because:
      "The fields it names (the Lists page names title, description and view) replace the other's; refused if the list is gone.",
  },
  when: onListsPage,
  keywords: ["list", "edit", "rename"],
  fromContext: (_context, input?: { listId: string } & ListFields) =>
    input?.listId ? { ...input } : undefined,
});

export const deleteListInfo = commandInfo({
  name: "lists.delete",
  conflict: {
    rule: "delete-wins",
    because: "Edits and feed changes of the list received after it are refused and rolled back.",
  },
  when: onListsPage,
  keywords: ["list", "delete", "remove"],
  fromContext: (_context, input?: { listId: string }) =>
    input?.listId ? { listId: input.listId } : undefined,
});

export const addListFeedsInfo = commandInfo({
  name: "lists.addFeeds",
  conflict: {
    rule: "union",
    because:
      "Feeds added from several devices all stay; against a removal of the same feed the one received last stands.",
  },
  when: onListsPage,
  keywords: ["list", "add", "feed"],
  fromContext: (_context, input?: { listId: string; feedIds: string[] }) =>
    input?.listId && input.feedIds.length > 0 ? { ...input } : undefined,
});

export const removeListFeedsInfo = commandInfo({
  name: "lists.removeFeeds",
  conflict: {
    rule: "last-write-wins",
    because: "Per feed: against an addition of the same feed the one received last stands.",
  },
  when: onListsPage,
  keywords: ["list", "remove", "feed"],
  fromContext: (_context, input?: { listId: string; feedIds: string[] }) =>
    input?.listId && input.feedIds.length > 0 ? { ...input } : undefined,
});

/** Following someone's list (its public page); the list's own view unless one is chosen. */
export const followListInfo = commandInfo({
  name: "lists.follow",
  conflict: {
    rule: "last-write-wins",
    because: "Against unfollow of the same list the one received last stands.",
  },
  when: onListsPage,
  keywords: ["list", "follow", "subscribe"],
  fromContext: (_context, input?: { listId: string; userId: string; view: FeedViewType }) =>
    input?.listId ? { ...input } : undefined,
});

export const unfollowListInfo = commandInfo({
  name: "lists.unfollow",
  conflict: { rule: "last-write-wins" },
  when: onListsPage,
  keywords: ["list", "unfollow", "unsubscribe"],
  fromContext: (_context, input?: { listId: string }) =>
    input?.listId ? { listId: input.listId } : undefined,
});
