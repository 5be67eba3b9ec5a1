import type { FeedModel } from "../../contract/reading-models.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { subscribedFeedIds } from "../storage/feeds.ts";

/**
 * Feed URLs that carry a credential (issue 10, M1). Private feeds (paid podcasts, RSS of an
 * account, feed-routes with a key) are identified by a secret in their URL: user:password, a
 * query parameter named like a token, or a long random path segment. Such a URL is shown in full
 * only to the feed's subscribers; everyone else sees it with those parts replaced.
 */

const REDACTED = "redacted";

/** Parameter names (lowercase, without - _ .) that hold a secret outright. */
const SECRET_NAMES = new Set([
  "key",
  "sig",
  "sid",
  "pass",
  "pwd",
  "hash",
  "code",
  "otp",
  "jwt",
  "auth",
  "oauth",
  "authcode",
  "authorization",
  "credential",
  "credentials",
  "session",
  "sessionid",
  "signature",
]);

/** Fragments that make any parameter name a secret one (accesstoken, apikey, privatekey...). */
const SECRET_FRAGMENTS = [
  "token",
  "secret",
  "passw",
  "apikey",
  "accesskey",
  "privatekey",
  "signature",
  "credential",
  "session",
];

export function isSecretParameter(name: string): boolean {
  const normalized = name.toLowerCase().replace(/[-_.\s]/g, "");
  if (SECRET_NAMES.has(normalized)) return true;
  if (normalized.endsWith("key") || normalized.endsWith("sig")) return true;
  return SECRET_FRAGMENTS.some((fragment) => normalized.includes(fragment));
}

/**
 * A path segment that looks like a generated token: 20+ characters of a URL-safe alphabet
 * mixing letters and digits with no separator between them (slugs like `2024-01-my-post` have
 * separators), or a UUID.
 */
function isTokenSegment(segment: string): boolean {
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(segment)) return true;
  const base = segment.replace(/\.(xml|rss|atom|json|feed)$/i, "");
  return base
    .split(/[-_.]/)
    .some((part) => part.length >= 20 && /\d/.test(part) && /[a-z]/i.test(part));
}

/** Whether the URL carries a credential; unparsable URLs are treated as if they did. */
export function feedUrlHasSecret(url: string): boolean {
  return redactFeedUrl(url) !== url;
}

/** The URL with every credential replaced by "redacted" (userinfo is dropped). */
export function redactFeedUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return REDACTED;
  }
  let changed = false;
  if (parsed.username || parsed.password) {
    parsed.username = "";
    parsed.password = "";
    changed = true;
  }
  const segments = parsed.pathname.split("/");
  const path = segments.map((segment) => {
    if (!isTokenSegment(decodeSafely(segment))) return segment;
    changed = true;
    return REDACTED;
  });
  if (changed) parsed.pathname = path.join("/");
  const params = [...parsed.searchParams];
  if (params.some(([name]) => isSecretParameter(name))) {
    parsed.search = new URLSearchParams(
      params.map(([name, value]) => [name, isSecretParameter(name) ? REDACTED : value]),
    ).toString();
    changed = true;
  }
  if (parsed.hash && isSecretFragment(parsed.hash.slice(1))) {
    parsed.hash = REDACTED;
    changed = true;
  }
  return changed ? parsed.toString() : url;
}

/**
 * A feed as someone who does not subscribe to it may see it: a URL with a credential is redacted,
 * and so is the last fetch error, which may quote that URL.
 */
export function feedForNonSubscriber<F extends { url: string; errorMessage: string | null }>(
  feed: F,
): F {
  const url = redactFeedUrl(feed.url);
  if (url === feed.url) return feed;
  return { ...feed, url, errorMessage: feed.errorMessage === null ? null : "redacted" };
}

/** `#access_token=...` style fragments. */
function isSecretFragment(fragment: string): boolean {
  return [...new URLSearchParams(fragment).keys()].some(isSecretParameter);
}

function decodeSafely(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Items whose feed the user does not subscribe to (starred entries of a feed they left) get the
 * non-subscriber view of that feed. Only feeds with a credential in their URL cost a lookup.
 */
export async function hideFeedSecrets<T extends { feeds: FeedModel }>(
  database: DatabaseHandle,
  userId: string,
  items: T[],
): Promise<T[]> {
  const secret = new Set<string>();
  const seen = new Set<string>();
  for (const { feeds } of items) {
    if (seen.has(feeds.id)) continue;
    seen.add(feeds.id);
    if (feedUrlHasSecret(feeds.url)) secret.add(feeds.id);
  }
  if (secret.size === 0) return items;
  const subscribed = await subscribedFeedIds(database, userId, [...secret]);
  return items.map((item) =>
    secret.has(item.feeds.id) && !subscribed.has(item.feeds.id)
      ? { ...item, feeds: feedForNonSubscriber(item.feeds) }
      : item,
  );
}
