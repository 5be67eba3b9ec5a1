import { useTranslation } from "react-i18next";
import type { FeedSelection } from "../../../contract/routes.ts";
import { useSavedSearch } from "../search/use-saved-searches.ts";
import { useAllSubscriptions } from "../subscriptions/use-categories.ts";

/** What a timeline shows, in words: "All", "Collections", a folder, a feed's title... */
export function useSelectionTitle(feed: FeedSelection): string {
  const { t } = useTranslation("reader");
  const subscriptions = useAllSubscriptions();
  const savedSearch = useSavedSearch(feed.kind === "search" ? feed.searchId : undefined);
  switch (feed.kind) {
    case "all":
      return t("column.all");
    case "collections":
      return t("column.collections");
    case "folder":
      return feed.name;
    case "feed":
      return subscriptions.find((s) => s.feedId === feed.feedId)?.title ?? t("timeline.feed");
    case "feeds":
      return t("timeline.feeds", { count: feed.feedIds.length });
    case "list":
      return subscriptions.find((s) => s.listId === feed.listId)?.title ?? t("timeline.list");
    case "inbox":
      return subscriptions.find((s) => s.inboxId === feed.inboxId)?.title ?? feed.inboxId;
    case "search":
      return savedSearch?.name ?? t("timeline.feed");
    case "tag":
      return t("entryTags.timeline", { tag: feed.tag });
  }
}
