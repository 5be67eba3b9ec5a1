/**
 * Feed URLs that carry a credential. Private feeds (paid podcasts, RSS of an account, feed-routes
 * with a key) are identified by a secret in their URL: user:password, anything in the query
 * string, or a long random path segment. Such a URL is shown in full only to the feed's
 * subscribers; everyone else sees it with those parts replaced. Any query counts, whatever its
 * parameters are called: a secret can hide under any name (`?k2=...`), and a list of names
 * would always miss one.
 */

const REDACTED = "redacted";

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
  if (parsed.search) {
    // Every value is hidden; a parameter without a value may be the secret itself (`?Zx81Qp`).
    parsed.search = new URLSearchParams(
      [...parsed.searchParams].map(([name, value]) =>
        value === "" ? [REDACTED, ""] : [name, REDACTED],
      ),
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

/** `#access_token=...` style fragments: anything shaped like parameters. */
function isSecretFragment(fragment: string): boolean {
  return fragment.includes("=");
}

function decodeSafely(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
