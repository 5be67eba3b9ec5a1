import type { IngestedFeed } from "../feed-model.ts";
import { decodeBytes } from "./decode.ts";
import { httpStatusFailed } from "./errors.ts";
import type { Fetcher, FetchOptions } from "./guarded-fetch.ts";
import { normalizeFeed } from "./normalize.ts";
import { parseFeedText } from "./parse.ts";
import { sanitizeEntry } from "./sanitize.ts";
import { sharedFetcher } from "./shared-fetcher.ts";

/**
 * The whole ingestion of one feed: fetch -> decode -> parse -> normalize -> sanitize.
 * `ingestBody` runs the stages after the fetch, for bytes already in hand.
 */
export interface BodySource {
  /** The URL the bytes came from: the base for relative links, and the feed's `url`. */
  url?: string | null;
  /** The HTTP Content-Type (its charset wins over the XML declaration). */
  contentType?: string | null;
}

/** Bytes (or text) -> feed and sanitized entries. Throws IngestError 2004 when not a feed. */
export function ingestBody(body: Uint8Array | string, source: BodySource = {}): IngestedFeed {
  const decoded =
    typeof body === "string"
      ? { text: body, encoding: "utf-8" }
      : decodeBytes(body, source.contentType);
  const parsed = parseFeedText(decoded.text);
  const normalized = normalizeFeed(parsed, source.url ?? null);
  return {
    format: parsed.format,
    encoding: decoded.encoding,
    feed: normalized.feed,
    entries: normalized.entries.map(sanitizeEntry),
  };
}

export interface IngestUrlOptions extends FetchOptions {
  /** Reuse one fetcher (connection pool, per-host limit, network policy) across calls. */
  fetcher?: Fetcher;
}

export type IngestUrlResult =
  | { notModified: true; url: string; etag: string | null; lastModified: string | null }
  | ({
      notModified: false;
      url: string;
      etag: string | null;
      lastModified: string | null;
    } & IngestedFeed);

export { sharedFetcher };

/**
 * Fetches and ingests one feed URL. Pass the previous etag/lastModified: an unchanged feed
 * answers `{notModified: true}` without parsing anything. HTTP errors become IngestError 2003
 * (with httpStatus and, for 429/503, retryAfterSeconds); unparseable bodies 2004.
 */
export async function ingestUrl(
  url: string,
  options: IngestUrlOptions = {},
): Promise<IngestUrlResult> {
  const fetcher = options.fetcher ?? sharedFetcher();
  const response = await fetcher.fetch(url, options);
  const validators = {
    url: response.url,
    etag: response.etag,
    lastModified: response.lastModified,
  };
  if (response.notModified) return { notModified: true, ...validators };
  if (response.status < 200 || response.status >= 300) {
    throw httpStatusFailed(response.url, response.status, response.retryAfterSeconds);
  }
  const ingested = ingestBody(response.body, {
    url: response.url,
    contentType: response.headers["content-type"],
  });
  return { notModified: false, ...validators, ...ingested };
}
