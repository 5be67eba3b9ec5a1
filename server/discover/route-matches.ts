import type { DiscoverRouteItem } from "../../contract/api/discover.ts";
import { matchRecord } from "../../contract/search/match.ts";
import type { SearchQuery } from "../../contract/search/query.ts";
import type { Catalogue } from "./route-catalogue.ts";
import { pathPattern } from "./route-feeds.ts";

/** Route matches offered per search: enough to pick from, few enough to read. */
const MAX_ROUTES = 8;
const RSSHUB_ADDRESS = /^rsshub:\/\/([^/?#\s]+)(\/[^?#\s]*)?/i;

/**
 * The catalogue's routes that the keyword names: an `rsshub://namespace/…` address matches the
 * routes of that namespace whose path pattern it fits; words match a route's name, its
 * namespace (id and name) and its path, best first.
 */
export function matchRoutes(
  catalogue: Catalogue,
  keyword: string,
  query: SearchQuery | null,
): DiscoverRouteItem[] {
  const address = RSSHUB_ADDRESS.exec(keyword.trim());
  if (address) {
    const id = address[1]!;
    const namespace = catalogue[id];
    if (!namespace) return [];
    const rest = (address[2] ?? "").replace(/\/+$/, "");
    return Object.values(namespace.routes)
      .filter((route) => new RegExp(`^${pathPattern(route.path)}/?$`).test(rest))
      .slice(0, MAX_ROUTES)
      .map((route) => toItem(id, namespace.name, route));
  }
  if (!query) return [];
  const scored: Array<{ item: DiscoverRouteItem; score: number }> = [];
  for (const [id, namespace] of Object.entries(catalogue)) {
    for (const route of Object.values(namespace.routes)) {
      const score = matchRecord(query, {
        title: route.name,
        body: `${id} ${namespace.name}`,
        url: `${id}${route.path}`.replace(/[/:?]+/g, " "),
      });
      if (score !== null) scored.push({ item: toItem(id, namespace.name, route), score });
    }
  }
  return scored
    .sort((a, b) => b.score - a.score || a.item.exampleUrl.localeCompare(b.item.exampleUrl))
    .slice(0, MAX_ROUTES)
    .map((s) => s.item);
}

function toItem(
  namespace: string,
  namespaceName: string,
  route: DiscoverRouteItem["route"],
): DiscoverRouteItem {
  // Examples are written `/namespace/path…`: the rsshub:// address is that, after the scheme.
  const example = route.example.startsWith("/") ? `rsshub:/${route.example}` : "";
  return { route, namespace, namespaceName, exampleUrl: example };
}
