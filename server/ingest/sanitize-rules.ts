import { canonicalHttpUrl } from "./urls.ts";

/** Policy lists for the sanitizer: which embeds are players, which images are trackers. */

/** Embeddable players: host plus the path prefix of their embed endpoint. */
const EMBED_PLAYERS: ReadonlyArray<{ host: RegExp; path: RegExp }> = [
  { host: /^(?:www\.)?youtube\.com$/, path: /^\/embed\// },
  { host: /^(?:www\.)?youtube-nocookie\.com$/, path: /^\/embed\// },
  { host: /^player\.vimeo\.com$/, path: /^\/video\// },
  { host: /^w\.soundcloud\.com$/, path: /^\/player\/?/ },
  { host: /^open\.spotify\.com$/, path: /^\/embed(?:-podcast)?\// },
  { host: /^player\.bilibili\.com$/, path: /^\/player\.html/ },
];

/** True for an https (or http) URL of a known video/audio player's embed page. */
export function isAllowedEmbed(src: string): boolean {
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return false;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return false;
  if (url.username || url.password) return false;
  return EMBED_PLAYERS.some(
    (player) => player.host.test(url.hostname) && player.path.test(url.pathname),
  );
}

/** Hosts (and their subdomains) that only serve tracking beacons. */
const TRACKER_HOSTS = [
  "doubleclick.net",
  "feedburner.google.com",
  "pixel.wp.com",
  "stats.wordpress.com",
  "feeds.wordpress.com",
  "pixel.quantserve.com",
  "sb.scorecardresearch.com",
  "api.mixpanel.com",
  "www.google-analytics.com",
  "google-analytics.com",
  "ad.doubleclick.net",
  "counter.theconversation.com",
  "analytics.twitter.com",
  "pixel.facebook.com",
  "mf.feeds.reuters.com",
  "rss.buysellads.com",
];

/** Path shapes of beacons on otherwise normal hosts (FeedBurner's ~r/~ff, /pixel, /beacon...). */
const TRACKER_PATHS = [
  /^\/~r\//,
  /^\/~ff\//,
  /\/pixel(?:\.gif|\.png|\/|$)/i,
  /\/beacon(?:\.gif|\/|$)/i,
  /\/tracking(?:\/|\.gif|$)/i,
  /\/open\.gif$/i,
];

/** A 1x1 (or 0x0) image, or an image from a known tracker, adds nothing but surveillance. */
export function isTrackingPixel(src: string, width?: string, height?: string): boolean {
  const w = Number.parseInt(width ?? "", 10);
  const h = Number.parseInt(height ?? "", 10);
  if ((w === 0 || w === 1) && (h === 0 || h === 1)) return true;
  const url = hostAndPath(src);
  if (!url) return false;
  const { host, path } = url;
  if (TRACKER_HOSTS.some((tracker, i) => host === tracker || host.endsWith(TRACKER_SUFFIXES[i]!)))
    return true;
  if (/^pixel\./.test(host)) return true;
  if (host === "feeds.feedburner.com" || host.endsWith(".feedburner.com")) {
    return TRACKER_PATHS.some((pattern) => pattern.test(path));
  }
  return GENERIC_TRACKER_PATHS.some((pattern) => pattern.test(path));
}

const TRACKER_SUFFIXES = TRACKER_HOSTS.map((host) => `.${host}`);
/** The path shapes that mark a beacon on any host (FeedBurner's own two are for its hosts). */
const GENERIC_TRACKER_PATHS = TRACKER_PATHS.slice(2);

/** Host (lower case) and path of a URL; a canonical one is read without a full parse. */
function hostAndPath(src: string): { host: string; path: string } | null {
  if (canonicalHttpUrl(src) !== null) {
    const match = /^https?:\/\/([^/]+)([^?#]*)/.exec(src)!;
    return { host: match[1]!, path: match[2]! };
  }
  try {
    const url = new URL(src);
    return { host: url.hostname.toLowerCase(), path: url.pathname };
  } catch {
    return null;
  }
}
