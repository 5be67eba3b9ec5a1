import type { CommandName } from "./registry.ts";
import type { CommandInfo } from "./types.ts";

/**
 * The commands as the palette and shortcuts see them: names, labels, keys and when they
 * apply, without Effect. The definitions (./registry.ts) spread these and add the payload
 * schema, events and sync; loading them waits until after the first paint (boot.ts).
 */
function info<const Name extends string>(definition: CommandInfo<Name>): CommandInfo<Name> {
  return definition;
}

export const subscribeInfo = info({
  name: "subscriptions.subscribe",
  label: "commands:subscriptions.subscribe",
  keywords: ["follow", "add", "feed", "rss"],
});

export const unsubscribeInfo = info({
  name: "subscriptions.unsubscribe",
  label: "commands:subscriptions.unsubscribe",
  keywords: ["unfollow", "remove", "delete"],
  when: (context) => context.feedId !== undefined,
});

export const editSubscriptionInfo = info({
  name: "subscriptions.edit",
  label: "commands:subscriptions.edit",
  keywords: ["rename", "category", "view", "private"],
  when: (context) => context.feedId !== undefined,
});

export const batchEditSubscriptionsInfo = info({
  name: "subscriptions.batchEdit",
  label: "commands:subscriptions.batchEdit",
  keywords: ["move", "category", "view"],
});

export const renameCategoryInfo = info({
  name: "categories.rename",
  label: "commands:categories.rename",
  keywords: ["folder"],
  when: (context) => context.category !== undefined,
});

export const deleteCategoryInfo = info({
  name: "categories.delete",
  label: "commands:categories.delete",
  keywords: ["folder", "remove"],
  when: (context) => context.category !== undefined,
});

export const changeCategoryViewInfo = info({
  name: "categories.changeView",
  label: "commands:categories.changeView",
  keywords: ["folder", "move"],
  when: (context) => context.category !== undefined,
});

export const markReadInfo = info({
  name: "entries.markRead",
  label: "commands:entries.markRead",
  shortcut: { keys: "M", scope: "entry-render" },
  keywords: ["read", "seen"],
  when: (context) => context.entryId !== undefined && context.entryRead !== true,
});

export const markUnreadInfo = info({
  name: "entries.markUnread",
  label: "commands:entries.markUnread",
  shortcut: { keys: "M", scope: "entry-render" },
  keywords: ["unread", "later"],
  when: (context) => context.entryId !== undefined && context.entryRead === true,
});

export const markAllReadInfo = info({
  name: "entries.markAllRead",
  label: "commands:entries.markAllRead",
  shortcut: { keys: "Shift+$mod+A", scope: "subscription-list" },
  keywords: ["read", "all", "clear", "catch up"],
});

export const starInfo = info({
  name: "collections.star",
  label: "commands:collections.star",
  shortcut: { keys: "S", scope: "entry-render" },
  keywords: ["star", "save", "favorite", "collect"],
  when: (context) => context.entryId !== undefined && context.entryStarred !== true,
});

export const unstarInfo = info({
  name: "collections.unstar",
  label: "commands:collections.unstar",
  shortcut: { keys: "S", scope: "entry-render" },
  keywords: ["unstar", "remove", "uncollect"],
  when: (context) => context.entryId !== undefined && context.entryStarred === true,
});
/** Every command's info, in the registry's order (registry.test.ts checks they agree). */
export const commandInfoList: readonly CommandInfo<CommandName>[] = [
  subscribeInfo,
  unsubscribeInfo,
  editSubscriptionInfo,
  batchEditSubscriptionsInfo,
  renameCategoryInfo,
  deleteCategoryInfo,
  changeCategoryViewInfo,
  markReadInfo,
  markUnreadInfo,
  markAllReadInfo,
  starInfo,
  unstarInfo,
];
