import { useNavigate } from "@tanstack/react-router";
import {
  type FeedSelection,
  formatFeedIdParam,
  ROUTE_FEED_ALL,
  timelineLink,
} from "../../../contract/routes.ts";
import type { SubscriptionTree } from "../../queries/index.ts";
import { useShortcut } from "../../shortcuts/index.ts";
import { toggleFolder, useCollapsedFolders } from "./folder-state.ts";

/** The subscription column's rows in screen order, as timeline selections. */
function columnOrder(
  tree: SubscriptionTree | undefined,
  isCollapsed: (name: string) => boolean,
): FeedSelection[] {
  const order: FeedSelection[] = [{ kind: "all" }, { kind: "collections" }];
  if (!tree) return order;
  for (const folder of tree.folders) {
    order.push({ kind: "folder", name: folder.name });
    if (isCollapsed(folder.name)) continue;
    for (const item of folder.items)
      if (item.feedId) order.push({ kind: "feed", feedId: item.feedId });
  }
  for (const item of tree.loose) if (item.feedId) order.push({ kind: "feed", feedId: item.feedId });
  return order;
}

/**
 * The subscription column's keys: 1-6 switch the view, J / K (arrows) move through the rows,
 * O folds the current folder, Shift+B opens the current feed's site.
 */
export function useSubscriptionKeys(options: {
  view: number;
  selection: FeedSelection | undefined;
  tree: SubscriptionTree | undefined;
}) {
  const navigate = useNavigate();
  const { view, selection, tree } = options;
  const collapsed = useCollapsedFolders(view);
  const go = (nextView: number, feed: FeedSelection) =>
    void navigate(timelineLink({ view: nextView, feed }));
  const current = selection ? formatFeedIdParam(selection) : ROUTE_FEED_ALL;
  const step = (delta: number) => {
    const order = columnOrder(tree, (name) => collapsed.has(name));
    const at = order.findIndex((feed) => formatFeedIdParam(feed) === current);
    const next = order[Math.min(order.length - 1, Math.max(0, at + delta))];
    if (next) go(view, next);
  };
  const feedItem =
    selection?.kind === "feed"
      ? [...(tree?.folders.flatMap((f) => f.items) ?? []), ...(tree?.loose ?? [])].find(
          (item) => item.feedId === selection.feedId,
        )
      : undefined;
  const folder = selection?.kind === "folder" ? selection.name : (feedItem?.category ?? undefined);

  useShortcut("subscription.switchToView", (match) => go(match.index, { kind: "all" }));
  useShortcut("subscription.next", () => step(1));
  useShortcut("subscription.previous", () => step(-1));
  useShortcut("subscription.toggleFolder", () => (folder ? toggleFolder(view, folder) : false));
  useShortcut("subscription.openInBrowser", () => {
    if (!feedItem?.siteUrl) return false;
    window.open(feedItem.siteUrl, "_blank", "noopener,noreferrer");
  });
}
