import type { SubscriptionItem } from "../../queries/index.ts";

export interface SiteGroup {
  /** The site's host name, without "www.". */
  host: string;
  items: SubscriptionItem[];
  unread: number;
}

/** The host a subscription's site (or else its feed) lives on, or null. */
export function siteHost(item: Pick<SubscriptionItem, "siteUrl" | "url">): string | null {
  for (const address of [item.siteUrl, item.url]) {
    if (!address) continue;
    try {
      const host = new URL(address).hostname.toLowerCase().replace(/^www\./, "");
      if (host) return host;
    } catch {
      // Not a URL (an rsshub:// route without host, a stray value): try the next one.
    }
  }
  return null;
}

/**
 * autoGroup: feeds without a folder that come from one site (two or more) are shown
 * together under the site's name, sites by name; the others stay as they were.
 */
export function groupBySite(
  loose: readonly SubscriptionItem[],
  autoGroup: boolean,
): { sites: SiteGroup[]; rest: SubscriptionItem[] } {
  if (!autoGroup) return { sites: [], rest: [...loose] };
  const byHost = new Map<string, SubscriptionItem[]>();
  for (const item of loose) {
    const host = item.type === "feed" ? siteHost(item) : null;
    if (!host) continue;
    byHost.set(host, [...(byHost.get(host) ?? []), item]);
  }
  const sites = [...byHost]
    .filter(([, items]) => items.length >= 2)
    .map(([host, items]) => ({
      host,
      items,
      unread: items.reduce((sum, item) => sum + item.unread, 0),
    }))
    .sort((a, b) => a.host.localeCompare(b.host));
  const grouped = new Set(sites.flatMap((site) => site.items));
  return { sites, rest: loose.filter((item) => !grouped.has(item)) };
}
