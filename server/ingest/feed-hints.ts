/**
 * What a feed body and its HTTP answer say about polling it: the feed's own minimum lifetime
 * (RSS `<ttl>` minutes, `<sy:updatePeriod>`/`<sy:updateFrequency>`) and its WebSub hub and self
 * URL (`<link rel="hub">`, `<atom:link rel="hub">`, JSON Feed `hubs`, HTTP `Link` headers).
 *
 * Read from the head of the raw bytes only: these elements sit in the channel/feed header, and
 * a bounded scan with simple patterns cannot be made slow by a hostile body.
 */
export interface FeedHints {
  feedMs: number | null;
  hub: string | null;
  self: string | null;
}

const HEAD_BYTES = 64 * 1024;
const PERIOD_MS: Record<string, number> = {
  hourly: 3_600_000,
  daily: 86_400_000,
  weekly: 7 * 86_400_000,
  monthly: 30 * 86_400_000,
  yearly: 365 * 86_400_000,
};

export function feedHints(
  body: Uint8Array,
  headers: Record<string, string>,
  baseUrl: string,
): FeedHints {
  const head = Buffer.from(body.subarray(0, HEAD_BYTES)).toString("latin1");
  const links = { ...linkHeader(headers.link ?? "", baseUrl) };
  const fromBody = head.trimStart().startsWith("{") ? jsonLinks(head) : xmlLinks(head);
  return {
    feedMs: feedLifetimeMs(head),
    hub: links.hub ?? resolve(fromBody.hub, baseUrl),
    self: links.self ?? resolve(fromBody.self, baseUrl),
  };
}

/** The longest lifetime the feed states for itself, in ms. */
export function feedLifetimeMs(head: string): number | null {
  let lifetime: number | null = null;
  const ttl = /<ttl\b[^<>]{0,200}>\s*(\d{1,7})\s*<\/ttl\s*>/i.exec(head)?.[1];
  if (ttl) lifetime = Number(ttl) * 60_000;
  const period = /<sy:updatePeriod\b[^<>]{0,200}>\s*([a-z]{4,8})\s*</i
    .exec(head)?.[1]
    ?.toLowerCase();
  if (period && PERIOD_MS[period]) {
    const frequency = Number(
      /<sy:updateFrequency\b[^<>]{0,200}>\s*(\d{1,6})\s*</i.exec(head)?.[1] ?? "1",
    );
    const ms = PERIOD_MS[period]! / Math.max(frequency, 1);
    lifetime = Math.max(lifetime ?? 0, ms);
  }
  return lifetime;
}

/** `Link: <https://hub>; rel="hub", <https://self>; rel="self"`. */
export function linkHeader(value: string, baseUrl: string): { hub?: string; self?: string } {
  const found: { hub?: string; self?: string } = {};
  for (const part of value.slice(0, 8192).split(/,(?=\s*<)/)) {
    const target = /^\s*<([^>]*)>/.exec(part)?.[1];
    const rel = /;\s*rel\s*=\s*"?([^";]*)"?/i.exec(part)?.[1]?.toLowerCase().split(/\s+/) ?? [];
    const url = resolve(target ?? null, baseUrl);
    if (!url) continue;
    if (rel.includes("hub")) found.hub ??= url;
    if (rel.includes("self")) found.self ??= url;
  }
  return found;
}

function xmlLinks(head: string): { hub: string | null; self: string | null } {
  let hub: string | null = null;
  let self: string | null = null;
  for (const match of head.matchAll(/<(?:[a-z0-9]+:)?link\b([^<>]{0,2000})>/gi)) {
    const attributes = match[1]!;
    const rel = attribute(attributes, "rel")?.toLowerCase().split(/\s+/) ?? [];
    const href = attribute(attributes, "href");
    if (!href) continue;
    if (rel.includes("hub")) hub ??= decodeEntities(href);
    if (rel.includes("self")) self ??= decodeEntities(href);
  }
  return { hub, self };
}

function jsonLinks(head: string): { hub: string | null; self: string | null } {
  try {
    const feed = JSON.parse(head) as {
      feed_url?: unknown;
      hubs?: Array<{ type?: unknown; url?: unknown }>;
    };
    const hub = Array.isArray(feed.hubs)
      ? feed.hubs.find((h) => String(h?.type).toLowerCase() === "websub")?.url
      : undefined;
    return {
      hub: typeof hub === "string" ? hub : null,
      self: typeof feed.feed_url === "string" ? feed.feed_url : null,
    };
  } catch {
    // A body longer than the head scanned: a JSON Feed's hubs are rare enough to skip then.
    return { hub: null, self: null };
  }
}

function attribute(attributes: string, name: string): string | null {
  const match = new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, "i").exec(attributes);
  return match ? (match[1] ?? match[2] ?? null) : null;
}

function decodeEntities(value: string): string {
  return value
    .replaceAll("&amp;", "&")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"');
}

function resolve(url: string | null | undefined, base: string): string | null {
  if (!url) return null;
  try {
    const resolved = new URL(url.trim(), base);
    return resolved.protocol === "http:" || resolved.protocol === "https:" ? resolved.href : null;
  } catch {
    return null;
  }
}
