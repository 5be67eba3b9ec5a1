import type { ClaimMethod } from "../../contract/api/claims.ts";
import type { FeedRow } from "../db/schema.ts";
import { decodeBytes } from "../ingest/decode.ts";
import type { Fetcher } from "../ingest/guarded-fetch.ts";
import { findInFeed, findInSite } from "./challenge-code.ts";

/** A claim check reads a feed or a page, never more than this. */
const MAX_BYTES = 2 * 1024 * 1024;
const HTML_ACCEPT = "text/html, application/xhtml+xml;q=0.9, */*;q=0.5";

const isWebUrl = (url: string | null): url is string => Boolean(url && /^https?:\/\//i.test(url));

/**
 * Looks for the person's code in the feed as its site serves it now, then on the site's page:
 * only through the guarded fetcher (private addresses refused, timeouts, size caps, redirects
 * re-checked). The method that showed it, or null when neither does (or neither answered).
 */
export async function findChallenge(
  fetcher: Fetcher,
  feed: Pick<FeedRow, "id" | "url" | "site_url">,
  want: { userId: string; code: string },
): Promise<ClaimMethod | null> {
  const target = { feedId: feed.id, userId: want.userId, code: want.code };
  const feedText = isWebUrl(feed.url) ? await readText(fetcher, feed.url) : null;
  const inFeed = feedText === null ? null : findInFeed(feedText, target);
  if (inFeed) return inFeed;
  if (isWebUrl(feed.site_url)) {
    const page = await readText(fetcher, feed.site_url, HTML_ACCEPT);
    if (page !== null && findInSite(page, want.code)) return "meta";
  }
  return null;
}

/** The body as text when the address answered 200, else null (a refusal is not an error here). */
async function readText(fetcher: Fetcher, url: string, accept?: string): Promise<string | null> {
  try {
    const answer = await fetcher.fetch(url, accept ? { accept } : {});
    if (answer.status !== 200 || answer.body.length > MAX_BYTES) return null;
    return decodeBytes(answer.body, answer.headers["content-type"]).text;
  } catch {
    return null;
  }
}
