import { isFeedViewType } from "../../../contract/views.ts";
import type { CommandContext } from "../../commands/types.ts";
import type { SubscriptionItem, TimelineQuery } from "../../queries/index.ts";

/**
 * What commands act on for a timeline selection (any form of the feedId parameter): the timeline publishes
 * it for the palette and shortcuts, its header and the column's menus run commands with it.
 */
export function selectionContext(
  query: Pick<TimelineQuery, "view" | "feed">,
  subscriptions: readonly SubscriptionItem[],
): CommandContext {
  const { feed } = query;
  const view = isFeedViewType(query.view) ? query.view : undefined;
  const selection = feed.kind;
  switch (feed.kind) {
    case "feed":
      return {
        selection,
        view,
        feedId: feed.feedId,
        category: subscriptions.find((s) => s.feedId === feed.feedId)?.category ?? undefined,
      };
    case "folder": {
      const ids = subscriptions.flatMap((s) =>
        s.category === feed.name && s.view === view && s.feedId ? [s.feedId] : [],
      );
      return { selection, view, category: feed.name, feedIds: ids, categoryFeedIds: ids };
    }
    case "feeds":
      return { selection, view, feedIds: feed.feedIds };
    default:
      return { selection, view };
  }
}
