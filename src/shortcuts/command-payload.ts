import type { CommandContext, CommandName } from "../commands/index.ts";

/**
 * What the palette and shortcuts know about the screen. The command registry's CommandContext
 * plus what payloads need beyond it: the current view, the feeds a selection stands for and the
 * feeds of the selected folder.
 */
export interface ReaderContext extends CommandContext {
  view?: number;
  /** The feeds of the current timeline selection when it is more than one (folder, list). */
  feedIds?: readonly string[];
  /** The feeds in `category` (folder commands act on them). */
  categoryFeedIds?: readonly string[];
}

/**
 * The payload a command gets from the current context, or undefined when it needs more than
 * the context says (a URL to subscribe, a new folder name): those commands open their UI instead.
 */
export function commandPayload(name: CommandName, context: ReaderContext): unknown {
  const { entryId, feedId } = context;
  switch (name) {
    case "entries.markRead":
      return entryId ? { entryIds: [entryId] } : undefined;
    case "entries.markUnread":
    case "collections.unstar":
      return entryId ? { entryId } : undefined;
    case "collections.star":
      return entryId ? clean({ entryId, feedId, view: context.view }) : undefined;
    case "entries.markAllRead":
      // Private subscriptions are left alone (SPEC §6).
      if (context.feedIds?.length) {
        return clean({
          feedIdList: [...context.feedIds],
          view: context.view,
          excludePrivate: true,
        });
      }
      if (feedId) return clean({ feedId, view: context.view, excludePrivate: true });
      return context.view === undefined ? undefined : { view: context.view, excludePrivate: true };
    case "subscriptions.unsubscribe":
      return feedId ? { feedIds: [feedId] } : undefined;
    default:
      return undefined;
  }
}

function clean<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
