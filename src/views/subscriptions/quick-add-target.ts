import type { SubscriptionItem } from "../../queries/index.ts";

/**
 * What the quick add field holds: nothing yet, an address worth asking the server about, or
 * text that is no web address at all (it gets its own message, and Subscribe stays off).
 */
export type QuickAddTarget =
  | { kind: "empty" }
  | { kind: "url"; url: string }
  | { kind: "invalid"; text: string };

/** A URL without a scheme is taken as https; rsshub:// and http(s):// pass unchanged. */
export function normalizeFeedUrl(input: string): string {
  const url = input.trim();
  if (url === "" || /^[a-z][a-z0-9+.-]*:\/\//i.test(url)) return url;
  return `https://${url}`;
}

/** A feed-route URL, or a web URL with a dotted host, localhost or an IPv6 literal. */
export function quickAddTarget(input: string): QuickAddTarget {
  const text = input.trim();
  if (text === "") return { kind: "empty" };
  const url = normalizeFeedUrl(text);
  if (/^rsshub:\/\/\S+$/i.test(url)) return { kind: "url", url };
  if (/\s/.test(text)) return { kind: "invalid", text };
  try {
    const { protocol, hostname } = new URL(url);
    const host = /^https?:$/.test(protocol) && hostname !== "";
    const named = hostname.includes(".") || hostname === "localhost" || hostname.startsWith("[");
    return host && named ? { kind: "url", url } : { kind: "invalid", text };
  } catch {
    return { kind: "invalid", text };
  }
}

const bare = (url: string | null | undefined) =>
  (url ?? "")
    .trim()
    .replace(/^https?:\/\//i, "")
    .replace(/\/+$/, "")
    .toLowerCase();

/**
 * The subscription a URL already stands for: the feed the server previewed (its id), else a
 * local subscription whose feed URL is the one typed (scheme and trailing slash aside). A site
 * URL is left to the preview: a site may have several feeds.
 */
export function followedSubscription(
  subscriptions: readonly SubscriptionItem[],
  url: string,
  previewedFeedId: string | null,
): SubscriptionItem | null {
  const live = subscriptions.filter((s) => s.feedId && !s.pending);
  const byId = previewedFeedId ? live.find((s) => s.feedId === previewedFeedId) : undefined;
  if (byId) return byId;
  if (url === "") return null;
  const typed = bare(url);
  return live.find((s) => bare(s.url) === typed) ?? null;
}
