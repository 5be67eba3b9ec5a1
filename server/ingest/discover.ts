import { decodeBytes } from "./decode.ts";
import { fetchFailed, IngestError, parseFailed, urlRequired } from "./errors.ts";
import { findFeedLinks, looksLikeHtmlPage } from "./feed-links.ts";
import type { Fetcher, FetchResult } from "./guarded-fetch.ts";
import type { IngestedFeed } from "./model.ts";
import { ingestBody, sharedFetcher } from "./pipeline.ts";

/**
 * Discover stage: whatever the user typed -> a feed. The URL may be a feed, a site page
 * (its `<link rel="alternate">` feeds are tried in order), a site whose feed sits at a
 * well-known path, or `rsshub://namespace/route` (resolved on the configured feed-route
 * instance). Codes: 2002 no URL, 2003 the page could not be fetched, 2004 nothing parsed.
 */
export interface DiscoverOptions {
  fetcher?: Fetcher;
  /** Base URL of the feed-route (RSSHub) instance that serves `rsshub://` URLs. */
  feedRouteBaseUrl?: string | null;
  /** Most candidate URLs tried after the first fetch (links, then well-known paths). */
  maxCandidates?: number;
}

export interface DiscoveredFeed extends IngestedFeed {
  /** The URL to subscribe to (the feed's own URL after redirects). */
  feedUrl: string;
  etag: string | null;
  lastModified: string | null;
}

export const WELL_KNOWN_FEED_PATHS = [
  "/feed",
  "/rss.xml",
  "/atom.xml",
  "/index.xml",
  "/feed.json",
  "/rss",
  "/feed.xml",
];

export async function discoverFeed(
  input: string | null | undefined,
  options: DiscoverOptions = {},
): Promise<DiscoveredFeed> {
  const fetcher = options.fetcher ?? sharedFetcher();
  const url = subscriptionUrl(input, options.feedRouteBaseUrl ?? null);
  const page = await fetchOk(fetcher, url);
  const direct = tryIngest(page);
  if (direct.feed) return direct.feed;
  if (!direct.worthSearching) throw direct.error;

  const candidates = candidateUrls(page, direct.text).slice(0, options.maxCandidates ?? 12);
  for (const candidate of candidates) {
    const response = await fetchOk(fetcher, candidate).catch(() => null);
    const attempt = response ? tryIngest(response) : null;
    if (attempt?.feed) return attempt.feed;
  }
  throw parseFailed(
    "not-a-feed",
    `no feed found at ${page.url} (tried ${candidates.length} candidate URLs)`,
  );
}

/** Trims, maps rsshub:// onto the instance, and assumes https:// when no scheme is given. */
export function subscriptionUrl(
  input: string | null | undefined,
  feedRouteBaseUrl: string | null,
): string {
  const trimmed = input?.trim();
  if (!trimmed) throw urlRequired();
  const route = /^rsshub:\/\/(.+)$/i.exec(trimmed);
  if (route) {
    if (!feedRouteBaseUrl)
      throw fetchFailed("bad-url", "rsshub:// URLs need a configured feed-route instance");
    return `${feedRouteBaseUrl.replace(/\/+$/, "")}/${route[1]!.replace(/^\/+/, "")}`;
  }
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(trimmed)) return trimmed;
  return `https://${trimmed.replace(/^\/+/, "")}`;
}

async function fetchOk(fetcher: Fetcher, url: string): Promise<FetchResult> {
  const response = await fetcher.fetch(url);
  if (response.status < 200 || response.status >= 300) {
    throw fetchFailed("http-status", `${response.url} answered HTTP ${response.status}`, {
      httpStatus: response.status,
      retryAfterSeconds: response.retryAfterSeconds,
    });
  }
  return response;
}

type Attempt =
  | { feed: DiscoveredFeed; text?: undefined; worthSearching?: undefined; error?: undefined }
  | { feed: null; text: string; worthSearching: boolean; error: IngestError };

function tryIngest(response: FetchResult): Attempt {
  const contentType = response.headers["content-type"] ?? null;
  try {
    const ingested = ingestBody(response.body, { url: response.url, contentType });
    return {
      feed: {
        ...ingested,
        feedUrl: response.url,
        etag: response.etag,
        lastModified: response.lastModified,
      },
    };
  } catch (error) {
    if (!(error instanceof IngestError)) throw error;
    const text = decodeBytes(response.body, contentType).text;
    // A broken feed is reported as such; only pages (or non-feeds) are worth searching.
    const worthSearching = error.kind === "not-a-feed" || looksLikeHtmlPage(text);
    return { feed: null, text, worthSearching, error };
  }
}

/** Advertised feed links first, then the usual feed paths on the page's origin. */
function candidateUrls(page: FetchResult, text: string): string[] {
  const advertised = looksLikeHtmlPage(text)
    ? findFeedLinks(text, page.url).map((link) => link.url)
    : [];
  const origin = new URL(page.url).origin;
  const wellKnown = WELL_KNOWN_FEED_PATHS.map((path) => `${origin}${path}`);
  return [...new Set([...advertised, ...wellKnown])].filter((url) => url !== page.url);
}
