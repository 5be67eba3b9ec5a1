import { isFeedViewType } from "../../../contract/views.ts";
import type { CommandContext } from "../../commands/types.ts";
import type { EntryCard } from "../../queries/index.ts";

/** What commands know of an entry: the pane publishes it, its toolbar runs commands with it. */
export function entryContext(
  entry: Pick<EntryCard, "id" | "read" | "starred" | "feedId" | "view">,
): CommandContext {
  return {
    entryId: entry.id,
    entryRead: entry.read,
    entryStarred: entry.starred,
    entryFeedId: entry.feedId ?? undefined,
    entryView: isFeedViewType(entry.view) ? entry.view : undefined,
  };
}
