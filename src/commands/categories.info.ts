import type { FeedViewType } from "../../contract/views.ts";
import type { CommandContext } from "./types.ts";
import { commandInfo } from "./types.ts";

/**
 * Folder (category) commands as the palette and menus see them (no Effect). A category is a
 * folder name on subscriptions: the feeds in it travel in the payload, so the server changes
 * exactly the feeds the user saw.
 */
function inCategory({ category, categoryFeedIds }: CommandContext) {
  return category && categoryFeedIds?.length
    ? { category, feedIds: [...categoryFeedIds] }
    : undefined;
}

const folderSelected = (context: CommandContext) => context.category !== undefined;

export const renameCategoryInfo = commandInfo({
  name: "categories.rename",
  conflict: {
    rule: "last-write-wins",
    because:
      "Per feed: it moves the feeds the folder held on this device; a feed added to the folder elsewhere keeps the old name.",
  },
  keywords: ["folder"],
  when: folderSelected,
  fromContext: (context, input?: { to: string }) => {
    const folder = inCategory(context);
    const to = input?.to.trim();
    return folder && to && to !== folder.category ? { ...folder, to } : undefined;
  },
  prompt: ({ category }) => (category ? { kind: "renameFolder", category } : undefined),
});

export const deleteCategoryInfo = commandInfo({
  name: "categories.delete",
  conflict: {
    rule: "last-write-wins",
    because:
      "Per feed, on the feeds the folder held on this device (cleared from the folder, or unfollowed).",
  },
  keywords: ["folder", "remove"],
  when: folderSelected,
  // Only once the user confirmed: deleting is never one key press away.
  fromContext: (context, input?: { confirmed: true; deleteSubscriptions?: boolean }) => {
    const folder = inCategory(context);
    if (!folder || !input?.confirmed) return undefined;
    return input.deleteSubscriptions ? { ...folder, deleteSubscriptions: true } : folder;
  },
  prompt: ({ category }) => (category ? { kind: "deleteFolder", category } : undefined),
});

export const changeCategoryViewInfo = commandInfo({
  name: "categories.changeView",
  conflict: {
    rule: "last-write-wins",
    because: "Per feed, on the feeds the folder held on this device.",
  },
  keywords: ["folder", "move"],
  when: folderSelected,
  fromContext: (context, input?: { view: FeedViewType }) => {
    const folder = inCategory(context);
    return folder && input && input.view !== context.view
      ? { ...folder, view: input.view }
      : undefined;
  },
});
