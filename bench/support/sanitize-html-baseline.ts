import sanitize from "sanitize-html";
import type { EntryDraft, NormalizedEntry } from "../../server/feed-model.ts";
import { isAllowedEmbed, isTrackingPixel } from "../../server/ingest/sanitize-rules.ts";
import { resolveUrl } from "../../server/ingest/urls.ts";

/**
 * The sanitizer ingestion used before issue 10: the same allow-list through sanitize-html
 * (htmlparser2's Parser), kept only so `npm run bench -- parse` can show what replacing it
 * bought, measured in the same run on the same documents.
 */
export function sanitizeHtmlBaseline(html: string, baseUrl?: string | null): string {
  if (!html) return "";
  return sanitize(html, optionsFor(baseUrl ?? null)).trim();
}

/** The stored entry of a draft, content sanitized by sanitize-html. */
export function sanitizeEntryBaseline(draft: EntryDraft): NormalizedEntry {
  const { baseUrl, ...entry } = draft;
  const content = draft.content ? sanitizeHtmlBaseline(draft.content, baseUrl) : null;
  return { ...entry, content: content || null };
}

const URL_ATTRIBUTES = ["href", "src", "poster", "cite"];

const ALLOWED_TAGS = [
  ...["p", "br", "hr", "div", "span", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre"],
  ...["code", "kbd", "samp", "var", "b", "strong", "i", "em", "u", "s", "strike", "del", "ins"],
  ...["mark", "small", "big", "sub", "sup", "abbr", "acronym", "cite", "q", "dfn", "time", "tt"],
  ...["a", "img", "picture", "source", "figure", "figcaption", "video", "audio", "track"],
  ...["ul", "ol", "li", "dl", "dt", "dd", "table", "thead", "tbody", "tfoot", "tr", "th", "td"],
  ...["caption", "colgroup", "col", "details", "summary", "ruby", "rt", "rp", "bdi", "bdo"],
  ...["wbr", "center", "article", "section", "header", "footer", "aside", "address", "iframe"],
];

const GLOBAL_ATTRIBUTES = ["title", "lang", "dir"];
const MEDIA_ATTRIBUTES = ["src", "poster", "controls", "loop", "muted", "playsinline", "preload"];

const ALLOWED_ATTRIBUTES: sanitize.IOptions["allowedAttributes"] = {
  "*": GLOBAL_ATTRIBUTES,
  a: ["href", "target", "rel"],
  img: ["src", "srcset", "sizes", "alt", "width", "height", "loading"],
  source: ["src", "srcset", "sizes", "type", "media", "width", "height"],
  video: [...MEDIA_ATTRIBUTES, "width", "height"],
  audio: MEDIA_ATTRIBUTES,
  track: ["src", "kind", "srclang", "label", "default"],
  iframe: [
    "src",
    "width",
    "height",
    "allowfullscreen",
    "allow",
    "sandbox",
    "referrerpolicy",
    "loading",
  ],
  td: ["colspan", "rowspan", "headers"],
  th: ["colspan", "rowspan", "headers", "scope"],
  col: ["span"],
  colgroup: ["span"],
  ol: ["start", "reversed", "type"],
  li: ["value"],
  time: ["datetime"],
  del: ["datetime", "cite"],
  ins: ["datetime", "cite"],
  blockquote: ["cite"],
  q: ["cite"],
  details: ["open"],
};

/** Players get scripts (they need them) but no top navigation, forms or same-page access. */
const IFRAME_SANDBOX = "allow-scripts allow-same-origin allow-popups allow-presentation";
const SAFE_DATA_IMAGE = /^data:image\/(?:png|gif|jpe?g|webp)[;,]/i;

function optionsFor(baseUrl: string | null): sanitize.IOptions {
  return {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: ALLOWED_ATTRIBUTES,
    allowedClasses: { code: ["language-*", "lang-*"], pre: ["language-*", "lang-*"] },
    allowedSchemes: ["http", "https", "mailto"],
    allowedSchemesByTag: { img: ["http", "https", "data"] },
    allowedSchemesAppliedToAttributes: [...URL_ATTRIBUTES, "srcset"],
    allowProtocolRelative: false,
    allowedIframeHostnames: [...EMBED_HOSTS],
    allowIframeRelativeUrls: false,
    disallowedTagsMode: "discard",
    nonTextTags: [
      "script",
      "style",
      "textarea",
      "option",
      "noscript",
      "title",
      "template",
      "xmp",
      "noembed",
      "noframes",
      "plaintext",
      "iframe",
      "object",
      "svg",
      "math",
    ],
    parseStyleAttributes: false,
    transformTags: { "*": (tagName, attribs) => transformAny(tagName, attribs, baseUrl) },
    exclusiveFilter: (frame) => dropElement(frame.tag, frame.attribs),
  };
}

const EMBED_HOSTS = [
  "www.youtube.com",
  "youtube.com",
  "www.youtube-nocookie.com",
  "youtube-nocookie.com",
  "player.vimeo.com",
  "w.soundcloud.com",
  "open.spotify.com",
  "player.bilibili.com",
];

function transformAny(tagName: string, attribs: sanitize.Attributes, baseUrl: string | null) {
  const out: sanitize.Attributes = {};
  for (const [name, value] of Object.entries(attribs)) {
    const lower = name.toLowerCase();
    if (URL_ATTRIBUTES.includes(lower)) {
      const url = absoluteUrl(value, baseUrl, tagName === "img" && lower === "src");
      if (url) out[lower] = url;
    } else if (lower === "srcset") {
      const srcset = resolveSrcset(value, baseUrl);
      if (srcset) out[lower] = srcset;
    } else {
      out[lower] = value;
    }
  }
  if (tagName === "a" && out.href) {
    out.target = "_blank";
    out.rel = "noopener noreferrer";
  } else if (tagName === "a") {
    delete out.target;
    delete out.rel;
  }
  if (tagName === "iframe") {
    out.sandbox = IFRAME_SANDBOX;
    out.referrerpolicy = "strict-origin-when-cross-origin";
    out.allow = "fullscreen; encrypted-media; picture-in-picture";
    out.allowfullscreen = "";
    out.loading = "lazy";
  }
  return { tagName, attribs: out };
}

/** Absolute http(s)/mailto URL, or a safe data: image; anything else is dropped. */
function absoluteUrl(value: string, baseUrl: string | null, isImageSource: boolean): string | null {
  const trimmed = value.trim();
  if (/^data:/i.test(trimmed))
    return isImageSource && SAFE_DATA_IMAGE.test(trimmed) ? trimmed : null;
  const resolved = resolveUrl(trimmed, baseUrl);
  if (resolved === null)
    return baseUrl === null && !/^[a-z][a-z\d+.-]*:/i.test(trimmed) ? trimmed : null;
  return /^(?:https?|mailto):/i.test(resolved) ? resolved : null;
}

function resolveSrcset(value: string, baseUrl: string | null): string | null {
  const candidates = value
    .split(/,\s+|,(?=\S+\s)/)
    .map((part) => part.trim().split(/\s+/))
    .map(([url, descriptor]) => {
      const absolute = url ? absoluteUrl(url, baseUrl, false) : null;
      return absolute && !/[\s,]/.test(absolute)
        ? [absolute, descriptor].filter(Boolean).join(" ")
        : null;
    })
    .filter((candidate): candidate is string => candidate !== null);
  return candidates.length > 0 ? candidates.join(", ") : null;
}

function dropElement(tag: string, attribs: sanitize.Attributes): boolean {
  if (tag === "img")
    return !attribs.src || isTrackingPixel(attribs.src, attribs.width, attribs.height);
  if (tag === "iframe") return !attribs.src || !isAllowedEmbed(attribs.src);
  return false;
}
