import { canonicalPrefix } from "../xml-namespaces.ts";
import { namespaceDeclarations } from "../xml-segments.ts";

/**
 * What feedsmith's object model loses, read from the document itself: the order of an item's
 * elements (which summary came first) and elements or attributes it does not read (iTunes
 * categories inside items, `<itunes:image url>`, a channel's xml:base). One pass over the tags
 * (CDATA, comments and declarations skipped) lists the elements asked for, at the feed level
 * and in each item, with their depth, attributes and leaf text.
 *
 * Names are resolved by namespace URI: the feed's own elements are bare ("description",
 * "summary"), others carry the name we know their namespace by ("dc:description",
 * "itunes:category"), whatever prefix the document binds it to; unknown namespaces keep theirs.
 * Only used when the parsed model is not enough, so most feeds are never scanned.
 */
export interface OutlineElement {
  name: string;
  /** Depth below the item (its children are 1), or below the root for feed-level elements. */
  depth: number;
  attributes: Record<string, string>;
  /** The element's leading text (or CDATA), trimmed; "" for elements holding elements. */
  text: string;
  /**
   * The xml:base values between the item and this element (its own included), outermost
   * first: what its relative URLs resolve against, after the item's base.
   */
  bases: string[];
}

export type FeedFormatFamily = "rss" | "atom";

const TOKEN =
  /<!\[CDATA\[[\s\S]*?\]\]>|<!--[\s\S]*?-->|<[?!][^>]*>|<(\/?)([A-Za-z_][\w.:-]*)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>/g;

interface ScanOptions {
  family: FeedFormatFamily;
  wanted: (name: string) => boolean;
  /** Stop at the first item: the feed's own elements come before its items in practice. */
  headOnly: boolean;
}

interface Outline {
  feed: OutlineElement[];
  items: OutlineElement[][];
}

/** The feed-level elements before the first item. */
export function feedHeadOutline(
  text: string,
  family: FeedFormatFamily,
  wanted: (name: string) => boolean,
): OutlineElement[] {
  return scan(text, { family, wanted, headOnly: true }).feed;
}

/** Each item's (or entry's) wanted elements, in document order. */
export function itemOutlines(
  text: string,
  family: FeedFormatFamily,
  wanted: (name: string) => boolean,
): OutlineElement[][] {
  return scan(text, { family, wanted, headOnly: false }).items;
}

function scan(text: string, options: ScanOptions): Outline {
  const resolve = nameResolver(text, options.family);
  const itemName = options.family === "atom" ? "entry" : "item";
  const outline: Outline = { feed: [], items: [] };
  let depth = 0;
  let itemDepth = -1;
  let current: OutlineElement[] | null = null;
  /** Each open element's own xml:base, by depth. */
  const bases: Array<string | undefined> = [];
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(text); match; match = TOKEN.exec(text)) {
    const rawName = match[2];
    if (rawName === undefined) continue;
    const closing = match[1] === "/";
    if (closing) {
      depth--;
      if (current && depth === itemDepth) {
        outline.items.push(current);
        current = null;
      }
      continue;
    }
    const name = resolve(rawName);
    const selfClosing = match[4] === "/";
    const source = match[3] ?? "";
    bases[depth] = source.includes("xml:base") ? xmlBaseOf(source) : undefined;
    if (!current && name === itemName) {
      if (options.headOnly) break;
      current = [];
      itemDepth = depth;
      if (selfClosing) {
        outline.items.push(current);
        current = null;
      } else depth++;
      continue;
    }
    if (options.wanted(name)) {
      const element: OutlineElement = {
        name,
        depth: current ? depth - itemDepth : depth,
        attributes: attributesOf(source, resolve),
        text: selfClosing ? "" : leadingText(text, TOKEN.lastIndex),
        bases: current
          ? bases.slice(itemDepth + 1, depth + 1).filter((b): b is string => b !== undefined)
          : [],
      };
      (current ?? outline.feed).push(element);
    }
    if (!selfClosing) depth++;
  }
  return outline;
}

/** prefix:local -> canonical name, by the URI each prefix is bound to. */
function nameResolver(text: string, family: FeedFormatFamily): (raw: string) => string {
  const prefixes = new Map<string, string>();
  for (const [prefix, uri] of namespaceDeclarations(text)) {
    const canonical = canonicalPrefix(uri);
    prefixes.set(prefix, canonical === family ? "" : (canonical ?? prefix));
  }
  return (raw) => {
    const lower = raw.toLowerCase();
    const colon = lower.indexOf(":");
    if (colon < 0) return lower;
    const prefix = lower.slice(0, colon);
    if (prefix === "xml") return lower;
    const canonical = prefixes.get(prefix) ?? prefix;
    const local = lower.slice(colon + 1);
    return canonical === "" ? local : `${canonical}:${local}`;
  };
}

function attributesOf(source: string, resolve: (raw: string) => string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of source.matchAll(/([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    const name = match[1]!;
    attributes[name.includes(":") ? resolve(name) : name.toLowerCase()] = decodeXml(
      match[2] ?? match[3] ?? "",
    );
  }
  return attributes;
}

function xmlBaseOf(source: string): string | undefined {
  const match = /(?:^|\s)xml:base\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(source);
  return match ? decodeXml(match[1] ?? match[2] ?? "") : undefined;
}

/** The text right after a start tag, up to the next tag (a CDATA section counts as text). */
function leadingText(text: string, from: number): string {
  const rest = text.slice(from, from + 4096);
  const cdata = /^\s*<!\[CDATA\[([\s\S]*?)\]\]>/.exec(rest);
  if (cdata) return cdata[1]!.trim();
  const end = rest.indexOf("<");
  return decodeXml((end < 0 ? rest : rest.slice(0, end)).trim());
}

const XML_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
};

function decodeXml(value: string): string {
  if (!value.includes("&")) return value;
  return value.replace(/&(?:#x([\da-f]+)|#(\d+)|(\w+));/gi, (token, hex, dec, name) => {
    if (hex) return safeCodePoint(Number.parseInt(hex, 16)) ?? token;
    if (dec) return safeCodePoint(Number(dec)) ?? token;
    return XML_ENTITIES[name.toLowerCase()] ?? token;
  });
}

function safeCodePoint(code: number): string | null {
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : null;
}

/**
 * Item outlines computed on first use, and only trusted when they line up with the parsed
 * items (same count, or more when the parser stopped at its item cap).
 */
export class LazyItemOutlines {
  private outlines: OutlineElement[][] | null | undefined;
  private readonly text: string;
  private readonly family: FeedFormatFamily;
  private readonly parsedCount: number;
  private readonly maxItems: number;
  private readonly wanted: (name: string) => boolean;

  constructor(
    text: string,
    family: FeedFormatFamily,
    parsedCount: number,
    maxItems: number,
    wanted: (name: string) => boolean,
  ) {
    this.text = text;
    this.family = family;
    this.parsedCount = parsedCount;
    this.maxItems = maxItems;
    this.wanted = wanted;
  }

  of(index: number): OutlineElement[] | null {
    if (this.outlines === undefined) {
      const all = itemOutlines(this.text, this.family, this.wanted);
      const aligned =
        all.length === this.parsedCount ||
        (this.parsedCount === this.maxItems && all.length > this.parsedCount);
      this.outlines = aligned ? all : null;
    }
    return this.outlines?.[index] ?? null;
  }
}
