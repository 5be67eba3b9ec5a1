import { VIEW_NAMES } from "../../contract/views.ts";
import type { FeedRow, SubscriptionRow } from "../db/schema.ts";
import type { OpmlDocument, OpmlOutline } from "./document.ts";
import { writeOpml } from "./write.ts";

export type FolderMode = "category" | "view";

/**
 * A person's subscriptions as OPML 2.0: folders by category (feeds without one at the top) or
 * by view. Every feed outline carries its view and category as attributes, so the file imports
 * back into the same subscriptions whatever the folders are. `rsshub://` feed routes are
 * written against `feedRouteBase` when one is given (other readers cannot open them otherwise).
 */
export function exportOpml(
  rows: ReadonlyArray<{ subscription: SubscriptionRow; feed: FeedRow }>,
  options: { folderMode: FolderMode; feedRouteBase: string | undefined; now: Date },
): string {
  const sorted = [...rows].sort((a, b) => nameOf(a).localeCompare(nameOf(b)));
  const folders = new Map<string, OpmlOutline>();
  const outlines: OpmlOutline[] = [];
  for (const row of sorted) {
    const folderName =
      options.folderMode === "view"
        ? (VIEW_NAMES[row.subscription.view] ?? "Articles")
        : row.subscription.category;
    const outline = feedOutline(row, options.feedRouteBase);
    if (!folderName) {
      outlines.push(outline);
      continue;
    }
    let folder = folders.get(folderName);
    if (!folder) {
      folder = { attributes: { text: folderName, title: folderName }, children: [], line: 0 };
      folders.set(folderName, folder);
    }
    folder.children.push(outline);
  }
  const folderOutlines = [...folders.values()].sort((a, b) =>
    (a.attributes.text ?? "").localeCompare(b.attributes.text ?? ""),
  );
  const document: OpmlDocument = {
    version: "2.0",
    head: { title: "Follow subscriptions", dateCreated: options.now.toUTCString() },
    outlines: [...folderOutlines, ...outlines],
  };
  return writeOpml(document);
}

function nameOf(row: { subscription: SubscriptionRow; feed: FeedRow }): string {
  return row.subscription.title ?? row.feed.title ?? row.feed.url;
}

function feedOutline(
  row: { subscription: SubscriptionRow; feed: FeedRow },
  feedRouteBase: string | undefined,
): OpmlOutline {
  const name = nameOf(row);
  const attributes: Record<string, string> = {
    text: name,
    title: name,
    type: "rss",
    xmlUrl: feedUrl(row.feed.url, feedRouteBase),
    view: String(row.subscription.view),
  };
  if (row.feed.site_url) attributes.htmlUrl = row.feed.site_url;
  if (row.subscription.category) attributes.category = row.subscription.category;
  return { attributes, children: [], line: 0 };
}

function feedUrl(url: string, feedRouteBase: string | undefined): string {
  if (!feedRouteBase || !url.startsWith("rsshub://")) return url;
  return `${feedRouteBase.replace(/\/+$/, "")}/${url.slice("rsshub://".length).replace(/^\/+/, "")}`;
}
