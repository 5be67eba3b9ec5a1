import { createHash } from "node:crypto";
import type { IngestedFeed } from "../feed-model.ts";
import {
  fetchFailed,
  httpStatusFailed,
  type IngestError,
  isIngestError,
  noFeedFound,
  urlRequired,
} from "./errors.ts";
import { feedHints } from "./feed-hints.ts";
import type { Fetcher, FetchResult } from "./guarded-fetch.ts";
import { ingestPageInPool } from "./pool/pool.ts";
import { fromWire } from "./pool/wire.ts";
import { sharedFetcher } from "./shared-fetcher.ts";

/**
 * Discover stage: whatever the user typed -> a feed. The URL may be a feed, a site page
 * (its `<link rel="alternate">` feeds are tried in order), a site whose feed sits at a
 * well-known path, or `rsshub://namespace/route` (resolved on the configured feed-route
 * instance). Codes: 2002 no URL, 2003 the page could not be fetched, 2004 nothing parsed.
 * Reading each fetched body (as a feed, else as a page with feed links) runs in the ingestion
 * worker pool: a preview of a hostile feed never stalls the server.
 */
export interface DiscoverOptions {
  fetcher?: Fetcher;
  /** Base URL of the feed-route (RSSHub) instance that serves `rsshub://` URLs. */
  feedRouteBaseUrl?: string | null;
  /**
   * That instance's access key: a route's URL then carries RSSHub's per-route `code`
   * (md5 of the route path and the key), never the key itself.
   */
  feedRouteAccessKey?: string | null;
  /** Most candidate URLs tried after the first fetch (links, then well-known paths). */
  maxCandidates?: number;
}

export interface DiscoveredFeed extends IngestedFeed {
  /** The URL to subscribe to (the feed's own URL after redirects). */
  feedUrl: string;
  etag: string | null;
  lastModified: string | null;
  /** The WebSub hub the feed or its answer names, and the topic to subscribe to there. */
  hub: string | null;
  hubTopic: string | null;
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
  const url = subscriptionUrl(
    input,
    options.feedRouteBaseUrl ?? null,
    options.feedRouteAccessKey ?? null,
  );
  const page = await fetchOk(fetcher, url).catch((error: unknown) => {
    // An address typed without a scheme is tried as https first; a site that cannot speak it
    // (plain http only) is then tried as http, as a browser's address bar would.
    if (!typedWithoutScheme(input) || !isIngestError(error)) throw error;
    if (error.kind !== "tls" && error.kind !== "connect") throw error;
    return fetchOk(fetcher, url.replace(/^https:/, "http:"));
  });
  const direct = await tryIngest(page);
  if (direct.feed) return direct.feed;
  if (!direct.worthSearching) throw direct.error;

  const candidates = candidateUrls(page, direct.feedLinks).slice(0, options.maxCandidates ?? 12);
  for (const candidate of candidates) {
    const response = await fetchOk(fetcher, candidate).catch(() => null);
    const attempt = response ? await tryIngest(response) : null;
    if (attempt?.feed) return attempt.feed;
  }
  throw noFeedFound(page.url, candidates.length);
}

/** Trims, maps rsshub:// onto the instance, and assumes https:// when no scheme is given. */
export function subscriptionUrl(
  input: string | null | undefined,
  feedRouteBaseUrl: string | null,
  feedRouteAccessKey: string | null = null,
): string {
  const trimmed = input?.trim();
  if (!trimmed) throw urlRequired();
  const route = /^rsshub:\/\/(.+)$/i.exec(trimmed);
  if (route) {
    if (!feedRouteBaseUrl)
      throw fetchFailed("bad-url", "rsshub:// URLs need a configured feed-route instance");
    const url = `${feedRouteBaseUrl.replace(/\/+$/, "")}/${route[1]!.replace(/^\/+/, "")}`;
    return feedRouteAccessKey ? withRouteCode(url, feedRouteBaseUrl, feedRouteAccessKey) : url;
  }
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(trimmed)) return trimmed;
  return `https://${trimmed.replace(/^\/+/, "")}`;
}

function typedWithoutScheme(input: string | null | undefined): boolean {
  const trimmed = input?.trim() ?? "";
  return !/^[a-z][a-z\d+.-]*:\/\//i.test(trimmed) && !/^rsshub:/i.test(trimmed);
}

/** RSSHub's access control: `code` = md5(route path + access key) opens that route only. */
function withRouteCode(url: string, baseUrl: string, accessKey: string): string {
  const parsed = new URL(url);
  const basePath = new URL(baseUrl).pathname.replace(/\/+$/, "");
  const routePath = parsed.pathname.slice(basePath.length) || "/";
  parsed.searchParams.set(
    "code",
    createHash("md5")
      .update(routePath + accessKey)
      .digest("hex"),
  );
  return parsed.toString();
}

async function fetchOk(fetcher: Fetcher, url: string): Promise<FetchResult> {
  const response = await fetcher.fetch(url);
  if (response.status < 200 || response.status >= 300) {
    throw httpStatusFailed(response.url, response.status, response.retryAfterSeconds);
  }
  return response;
}

type Attempt =
  | { feed: DiscoveredFeed; feedLinks?: undefined; worthSearching?: undefined; error?: undefined }
  | { feed: null; feedLinks: string[]; worthSearching: boolean; error: IngestError };

async function tryIngest(response: FetchResult): Promise<Attempt> {
  const outcome = await ingestPageInPool({
    body: response.body,
    url: response.url,
    contentType: response.headers["content-type"] ?? null,
  });
  if (outcome.feed) {
    const hints = feedHints(response.body, response.headers, response.url);
    return {
      feed: {
        ...outcome.feed,
        feedUrl: response.url,
        etag: response.etag,
        lastModified: response.lastModified,
        hub: hints.hub,
        hubTopic: hints.hub ? (hints.self ?? response.url) : null,
      },
    };
  }
  return {
    feed: null,
    feedLinks: outcome.feedLinks,
    worthSearching: outcome.worthSearching,
    error: fromWire(outcome.error) as IngestError,
  };
}

/** Advertised feed links first, then the usual feed paths on the page's origin. */
function candidateUrls(page: FetchResult, advertised: string[]): string[] {
  const origin = new URL(page.url).origin;
  const wellKnown = WELL_KNOWN_FEED_PATHS.map((path) => `${origin}${path}`);
  return [...new Set([...advertised, ...wellKnown])].filter((url) => url !== page.url);
}
