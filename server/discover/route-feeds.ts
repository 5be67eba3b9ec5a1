import type { Catalogue } from "./route-catalogue.ts";

/**
 * A matcher of the feed URLs a catalogue's routes produce on the instance at `prefix`
 * (`<prefix>/<namespace><path>` with its parameters filled): how a followed feed-route feed is
 * tagged with its route's categories.
 */
export function routeUrlMatcher(prefix: string, catalogue: Catalogue): (url: string) => boolean {
  const patterns: RegExp[] = [];
  for (const [namespace, { routes }] of Object.entries(catalogue)) {
    for (const path of Object.keys(routes)) {
      patterns.push(
        new RegExp(
          `^${escapeRegExp(prefix)}/${escapeRegExp(namespace)}${pathPattern(path)}/?(?:[?#].*)?$`,
        ),
      );
    }
  }
  return (url) => patterns.some((pattern) => pattern.test(url));
}

/** `/issue/:user/:repo/:state?` → `/issue/[^/]+/[^/]+(?:/[^/]+)?`; `{.+}` parameters take slashes. */
export function pathPattern(path: string): string {
  return path
    .split("/")
    .filter(Boolean)
    .map((segment) => {
      const param = /^:\w+(\{[^}]*\})?(\?)?$/.exec(segment);
      if (!param) return `/${escapeRegExp(segment)}`;
      const value = /\.[+*]/.test(param[1] ?? "") ? ".+" : "[^/]+";
      return param[2] ? `(?:/${value})?` : `/${value}`;
    })
    .join("");
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
