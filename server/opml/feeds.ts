import type { OpmlDocument, OpmlOutline, OpmlProblem } from "./document.ts";

/** One feed outline of a file, ready to preview and import. */
export interface OpmlFeed {
  line: number;
  url: string;
  title: string | null;
  siteUrl: string | null;
  /** The folder holding it (innermost), else its own `category` attribute. */
  category: string | null;
  /** A `view` attribute this app writes on export (0-5), else null. */
  view: number | null;
}

const MAX_URL = 2048;
const MAX_TITLE = 300;
const MAX_CATEGORY = 200;

/**
 * The feeds of a document: outlines with an `xmlUrl`. Outlines with children and no feed URL
 * are folders and name the category of the feeds inside; anything else (text, links, includes)
 * is not a subscription and is left alone. A feed URL that is not http(s) (or a feed-route
 * `rsshub://` path) is a problem, and so is the second outline of a URL already listed.
 */
export function feedsOf(document: OpmlDocument): { feeds: OpmlFeed[]; problems: OpmlProblem[] } {
  const feeds: OpmlFeed[] = [];
  const problems: OpmlProblem[] = [];
  const seen = new Map<string, number>();

  const visit = (outlines: OpmlOutline[], folder: string | null) => {
    for (const outline of outlines) {
      const a = outline.attributes;
      const name = clip(a.title?.trim() || a.text?.trim() || "", MAX_TITLE) || null;
      // Some exporters write a feed's address as `url` on an outline typed rss or atom.
      const typedFeed = /^(rss|atom)$/i.test(a.type?.trim() ?? "");
      const rawUrl =
        a.xmlUrl?.trim() ||
        a.xmlurl?.trim() ||
        a.xmlURL?.trim() ||
        (typedFeed ? a.url?.trim() : undefined);
      if (!rawUrl) {
        if (outline.children.length > 0)
          visit(outline.children, clip(name ?? "", MAX_CATEGORY) || folder);
        continue;
      }
      const url = normalizeFeedUrl(rawUrl);
      if (!url) {
        problems.push({
          line: outline.line,
          code: 1002,
          kind: "invalid-url",
          message: `Not a feed URL: ${clip(rawUrl, 200)}`,
        });
      } else if (seen.has(url)) {
        problems.push({
          line: outline.line,
          code: 1002,
          kind: "duplicate",
          message: `Same feed as line ${seen.get(url)}`,
        });
      } else {
        seen.set(url, outline.line);
        feeds.push({
          line: outline.line,
          url,
          title: name,
          siteUrl: normalizeSiteUrl(a.htmlUrl ?? a.htmlurl),
          category: categoryOf(a, folder),
          view: viewAttribute(a.view),
        });
      }
      // A feed outline with children (rare) still has its children read as feeds.
      if (outline.children.length > 0) visit(outline.children, folder);
    }
  };
  visit(document.outlines, null);
  return { feeds, problems };
}

/** http(s) and feed-route URLs, in one spelling per feed; `feed://` is the http feed it names. */
export function normalizeFeedUrl(raw: string): string | null {
  if (raw.length > MAX_URL) return null;
  const value = raw.replace(/^feed:(\/\/)?/i, (_m, slashes) => (slashes ? "http://" : ""));
  if (/^rsshub:\/\/\S+$/i.test(value)) return `rsshub://${value.slice("rsshub://".length)}`;
  try {
    const url = new URL(value);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    if (!url.hostname) return null;
    return url.href;
  } catch {
    return null;
  }
}

function normalizeSiteUrl(raw: string | undefined): string | null {
  const value = raw?.trim();
  if (!value || value.length > MAX_URL) return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Our own exports carry `view` and the category verbatim (their folders may be views); other
 * files name the category by the folder, else by the `category` attribute.
 */
function categoryOf(a: Record<string, string>, folder: string | null): string | null {
  if (a.view !== undefined && viewAttribute(a.view) !== null) {
    return clip(a.category?.trim() ?? "", MAX_CATEGORY) || null;
  }
  return folder ?? categoryAttribute(a.category);
}

/** `category="/Tech/Web,/News"`: the first path, without its leading slash. */
function categoryAttribute(raw: string | undefined): string | null {
  const first = raw
    ?.split(",")
    .map((c) => c.trim().replace(/^\/+/, ""))
    .find(Boolean);
  return first ? clip(first, MAX_CATEGORY) : null;
}

function viewAttribute(raw: string | undefined): number | null {
  const n = raw === undefined ? Number.NaN : Number(raw.trim());
  return Number.isInteger(n) && n >= 0 && n <= 5 ? n : null;
}

function clip(value: string, max: number): string {
  return value.length > max ? value.slice(0, max) : value;
}
