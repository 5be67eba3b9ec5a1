import { type Attributes, VOID_ELEMENTS, walkHtml } from "../../contract/html/events.ts";
import type { EntryDraft, NormalizedEntry } from "../feed-model.ts";
import { capBytes, MAX_CONTENT_BYTES } from "./limits.ts";
import { isAllowedEmbed, isTrackingPixel } from "./sanitize-rules.ts";
import { canonicalHttpUrl } from "./urls.ts";

/**
 * Sanitize stage: untrusted feed HTML -> HTML safe to render, with a strict explicit allow-list.
 * Content is sanitized once, at ingest, and stored sanitized.
 *
 * The output is rebuilt, never copied: markup is read into elements, attributes and text
 * (contract/html/events.ts, linear and capped in depth and element count), and only allowed
 * elements with allowed attributes are written back, every value and text escaped. So whatever the
 * input's tricks, a browser parses the output into exactly the elements written here.
 * (sanitize-html did the same 4-5x slower, and super-linearly on deep nesting; never use
 * DOMPurify over linkedom, which returns its input unchanged.)
 *
 * Removed: scripts, styles (elements and attributes), objects/embeds, forms, base/meta/link,
 * svg/math, every event handler and unknown attribute, `javascript:`/`vbscript:`/`data:` URLs
 * (except `data:image/{png,gif,jpeg,webp}` in img src), iframes not from a known video/audio
 * player, tracking pixels. Added: absolute URLs, `target="_blank" rel="noopener noreferrer"`
 * on links, a sandbox on embedded players. Output is at most MAX_CONTENT_BYTES.
 */
export function sanitizeHtml(html: string, baseUrl?: string | null): string {
  if (!html) return "";
  const clean = new Sanitizer(baseUrl ?? null).run(html);
  if (clean.length * 3 <= MAX_CONTENT_BYTES || Buffer.byteLength(clean) <= MAX_CONTENT_BYTES)
    return clean;
  // Absolute URLs and link attributes can make the output larger than the capped input;
  // cutting clean output and sanitizing again closes whatever the cut left open.
  return new Sanitizer(baseUrl ?? null).run(capBytes(clean, MAX_CONTENT_BYTES - CLOSING_ROOM));
}

/** Turns a normalize-stage draft into the stored entry (content sanitized, draft fields gone). */
export function sanitizeEntry(draft: EntryDraft): NormalizedEntry {
  const { baseUrl, ...entry } = draft;
  const content = draft.content ? sanitizeHtml(draft.content, baseUrl) : null;
  return { ...entry, content: content || null };
}

/** Room for the end tags a second pass appends after a cut (64 open elements at most). */
const CLOSING_ROOM = 2048;

const ALLOWED_TAGS: ReadonlySet<string> = new Set([
  ...["p", "br", "hr", "div", "span", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre"],
  ...["code", "kbd", "samp", "var", "b", "strong", "i", "em", "u", "s", "strike", "del", "ins"],
  ...["mark", "small", "big", "sub", "sup", "abbr", "acronym", "cite", "q", "dfn", "time", "tt"],
  ...["a", "img", "picture", "source", "figure", "figcaption", "video", "audio", "track"],
  ...["ul", "ol", "li", "dl", "dt", "dd", "table", "thead", "tbody", "tfoot", "tr", "th", "td"],
  ...["caption", "colgroup", "col", "details", "summary", "ruby", "rt", "rp", "bdi", "bdo"],
  ...["wbr", "center", "article", "section", "header", "footer", "aside", "address", "iframe"],
]);

/**
 * Disallowed elements whose content goes too: raw text (script, style...), hidden or
 * replaced content (noscript, template, object), and foreign content (svg, math), which
 * browsers parse by other rules.
 */
const DROPPED_WITH_CONTENT: ReadonlySet<string> = new Set([
  ...["script", "style", "textarea", "option", "noscript", "title", "template", "xmp"],
  ...["noembed", "noframes", "plaintext", "object", "svg", "math"],
]);

/** Elements that are dropped, or given attributes, when they come without any. */
const NEEDS_ATTRIBUTES: ReadonlySet<string> = new Set(["a", "img", "iframe"]);
const BARE_TAGS = new Map(
  [...ALLOWED_TAGS].map((tag) => [tag, VOID_ELEMENTS.has(tag) ? `<${tag} />` : `<${tag}>`]),
);

const URL_ATTRIBUTES: ReadonlySet<string> = new Set(["href", "src", "poster", "cite"]);
const GLOBAL_ATTRIBUTES = ["title", "lang", "dir"];
const MEDIA_ATTRIBUTES = ["src", "poster", "controls", "loop", "muted", "playsinline", "preload"];

const ATTRIBUTES_BY_TAG: Record<string, string[]> = {
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
  code: ["class"],
  pre: ["class"],
};

const ALLOWED_ATTRIBUTES = new Map<string, ReadonlySet<string>>(
  [...ALLOWED_TAGS].map((tag) => [
    tag,
    new Set([...GLOBAL_ATTRIBUTES, ...(ATTRIBUTES_BY_TAG[tag] ?? [])]),
  ]),
);

/** Attributes that mean something with no value; any other empty attribute is dropped. */
const BOOLEAN_ATTRIBUTES: ReadonlySet<string> = new Set([
  ...["controls", "loop", "muted", "playsinline", "allowfullscreen", "default", "reversed"],
  "open",
]);

/** Classes kept (on code and pre only): syntax-highlighting language names. */
const ALLOWED_CLASS = /^(?:language|lang)-/;

/** Players get scripts (they need them) but no top navigation, forms or same-page access. */
const IFRAME_ATTRIBUTES: ReadonlyArray<[string, string]> = [
  ["sandbox", "allow-scripts allow-same-origin allow-popups allow-presentation"],
  ["referrerpolicy", "strict-origin-when-cross-origin"],
  ["allow", "fullscreen; encrypted-media; picture-in-picture"],
  ["allowfullscreen", ""],
  ["loading", "lazy"],
];
const SAFE_DATA_IMAGE = /^data:image\/(?:png|gif|jpe?g|webp)[;,]/i;

/** One sanitizing pass: receives the element events, writes the clean HTML. */
class Sanitizer {
  private readonly baseUrl: string | null;
  /** The base, parsed once per document rather than once per link. */
  private base: URL | null | undefined;
  private out = "";
  /** > 0 inside an element dropped with its content: the depth within it. */
  private skipping = 0;
  /** Per open element (outside dropped ones): whether its tags were written. */
  private readonly written: boolean[] = [];

  constructor(baseUrl: string | null) {
    this.baseUrl = baseUrl;
  }

  run(html: string): string {
    walkHtml(html, this);
    return this.out.trim();
  }

  wantsAttributes(name: string): boolean {
    return this.skipping === 0 && ALLOWED_TAGS.has(name);
  }

  open(name: string, attributes: Attributes) {
    if (this.skipping > 0) {
      this.skipping++;
      return;
    }
    if (!ALLOWED_TAGS.has(name)) {
      if (DROPPED_WITH_CONTENT.has(name)) this.skipping = 1;
      else this.written.push(false);
      return;
    }
    if (attributes.length === 0 && !NEEDS_ATTRIBUTES.has(name)) {
      this.out += BARE_TAGS.get(name)!; // most elements: nothing to check
      this.written.push(true);
      return;
    }
    const kept = this.cleanAttributes(name, attributes);
    if (name === "iframe") {
      // Browsers read an iframe's content as raw text: none of it is ever needed.
      this.skipping = 1;
      const src = kept.get("src");
      if (src && isAllowedEmbed(src)) this.out += `<iframe${serialize(kept)}></iframe>`;
      return;
    }
    if (name === "img") {
      const src = kept.get("src");
      if (!src || isTrackingPixel(src, kept.get("width"), kept.get("height"))) {
        this.written.push(false);
        return;
      }
    }
    this.out += VOID_ELEMENTS.has(name)
      ? `<${name}${serialize(kept)} />`
      : `<${name}${serialize(kept)}>`;
    this.written.push(true);
  }

  text(text: string) {
    if (this.skipping === 0) this.out += escapeText(text);
  }

  /**
   * Text as written: its character references are kept as they are (a browser decodes them
   * to characters, never to markup), only `<` and `>` need escaping.
   */
  rawText(raw: string) {
    if (this.skipping > 0) return;
    this.out += raw.includes("<") || raw.includes(">") ? raw.replace(/[<>]/g, escapeChar) : raw;
  }

  close(name: string) {
    if (this.skipping > 0) {
      this.skipping--;
      return;
    }
    if (this.written.pop() && !VOID_ELEMENTS.has(name)) this.out += `</${name}>`;
  }

  private parsedBase(): URL | null {
    if (this.base === undefined) this.base = this.baseUrl === null ? null : parseUrl(this.baseUrl);
    return this.base;
  }

  /** The allowed attributes of an allowed element, URLs resolved, in their input order. */
  private cleanAttributes(tag: string, attributes: Attributes): Map<string, string> {
    const allowed = ALLOWED_ATTRIBUTES.get(tag)!;
    const kept = new Map<string, string>();
    for (const [name, raw] of attributes) {
      if (!allowed.has(name)) continue;
      let value: string | null = raw;
      if (URL_ATTRIBUTES.has(name)) value = safeUrl(raw, this.parsedBase(), tag, name);
      else if (name === "srcset") value = resolveSrcset(raw, this.parsedBase());
      else if (name === "class")
        value = raw
          .split(/\s+/)
          .filter((c) => ALLOWED_CLASS.test(c))
          .join(" ");
      if (value === null) continue;
      if (value === "" && name !== "alt" && !BOOLEAN_ATTRIBUTES.has(name)) continue;
      kept.set(name, value);
    }
    if (tag === "a") {
      if (kept.has("href")) {
        kept.set("target", "_blank");
        kept.set("rel", "noopener noreferrer");
      } else {
        kept.delete("target");
        kept.delete("rel");
      }
    } else if (tag === "iframe") {
      for (const [name, value] of IFRAME_ATTRIBUTES) kept.set(name, value);
    }
    return kept;
  }
}

function serialize(attributes: Map<string, string>): string {
  let out = "";
  for (const [name, value] of attributes) {
    if (value !== "") out += ` ${name}="${escapeAttribute(value)}"`;
    else out += name === "alt" ? ' alt=""' : ` ${name}`;
  }
  return out;
}

const ESCAPED: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
const escapeChar = (c: string) => ESCAPED[c]!;

function escapeText(text: string): string {
  return /[&<>]/.test(text) ? text.replace(/[&<>]/g, escapeChar) : text;
}

function escapeAttribute(value: string): string {
  return /[&<>"]/.test(value) ? value.replace(/[&<>"]/g, escapeChar) : value;
}

/** A URL attribute's value as written: absolute and of a scheme the element may use, or null. */
function safeUrl(value: string, baseUrl: URL | null, tag: string, name: string) {
  const url = absoluteUrl(value, baseUrl, tag === "img" && name === "src");
  if (url === null) return null;
  if (tag === "img" && /^mailto:/i.test(url)) return null;
  return url;
}

/** Absolute http(s)/mailto URL, or a safe data: image; anything else is dropped. */
function absoluteUrl(value: string, baseUrl: URL | null, isImageSource: boolean): string | null {
  const trimmed = value.trim();
  if (/^data:/i.test(trimmed))
    return isImageSource && SAFE_DATA_IMAGE.test(trimmed) ? trimmed : null;
  const canonical = canonicalHttpUrl(trimmed);
  if (canonical !== null) return canonical; // already absolute and canonical: no parse needed
  const resolved = trimmed === "" ? null : (parseUrl(trimmed, baseUrl)?.href ?? null);
  if (resolved === null) return baseUrl === null ? relativeOnly(trimmed) : null;
  return /^(?:https?|mailto):/i.test(resolved) ? resolved : null;
}

/**
 * With no base to resolve against, a relative URL is kept as written, but only when a browser
 * could not read a scheme or another host into it (it ignores tabs and newlines anywhere,
 * and controls and spaces at the start: "java\tscript:", " //evil.example").
 */
function relativeOnly(url: string): string | null {
  let start = 0;
  while (start < url.length && url.charCodeAt(start) <= 0x20) start++;
  const browserSees = url.slice(start).replace(/[\t\n\r]/g, "");
  if (/^[a-z][a-z\d+.-]*:/i.test(browserSees) || /^[\\/]{2}/.test(browserSees)) return null;
  return url;
}

function resolveSrcset(value: string, baseUrl: URL | null): string | null {
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

/** A URL, or null when it does not parse (against `base` when one is given). */
function parseUrl(url: string, base?: URL | null): URL | null {
  try {
    return new URL(url, base ?? undefined);
  } catch {
    return null;
  }
}
