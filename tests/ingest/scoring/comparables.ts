import { sanitizeHtml } from "../../../server/ingest/sanitize.ts";
import { htmlToText, looksLikeHtml } from "../../../server/ingest/text.ts";
import { type Comparable, type PyValue, Unmappable } from "./python-eval.ts";

/**
 * Our values as they compare to feedparser's. Each rule is a deliberate, documented mapping:
 * where our model differs by design (plain-text titles, sanitizer additions, format families),
 * the comparison either normalises that one difference or declares the case unmappable.
 */

/** How the last HtmlField comparison matched, for reporting exact vs canonical matches. */
export const matchLog: Array<"exact" | "canonical" | "text"> = [];

/** A plain-text field of ours (titles, descriptions). Markup in the expectation is unmappable. */
export function plainText(value: string, field: string): Comparable {
  return {
    kind: "comparable",
    plain: () => value,
    equals(other: PyValue) {
      if (typeof other !== "string") return false;
      if (collapse(value) === collapse(other)) return true;
      if (looksLikeHtml(other))
        throw new Unmappable(`markup expected in ${field}: we store it as plain text`);
      return false;
    },
  };
}

/** A person's name; feedparser appends " (email)", which we do not keep. */
export function authorName(value: string): Comparable {
  const base = plainText(value, "entry.author");
  return {
    ...base,
    equals(other: PyValue) {
      if (typeof other === "string" && /\([^()\s]+@[^()\s]+\)$/.test(other)) {
        throw new Unmappable("author e-mail addresses are not kept");
      }
      return base.equals(other);
    },
  };
}

/** An absolute URL: equal when both parse to the same URL (host case, default port...). */
export function urlField(value: string): Comparable {
  return {
    kind: "comparable",
    plain: () => value,
    equals(other: PyValue) {
      if (typeof other !== "string") return false;
      return value === other || canonicalUrl(value) === canonicalUrl(other);
    },
  };
}

function canonicalUrl(url: string): string {
  try {
    return new URL(url).href;
  } catch {
    return url;
  }
}

/**
 * feedparser's `summary`/`description`: the summary's HTML, else the content's. Ours are the
 * sanitized content (content, else summary) and a plain-text description of the summary: a
 * match of either counts.
 */
export function summaryField(
  contentHtml: string | null,
  descriptionText: string | null,
): Comparable {
  const html = htmlField(contentHtml ?? "");
  return {
    kind: "comparable",
    plain: () => contentHtml ?? "",
    equals(other: PyValue) {
      if (
        typeof other === "string" &&
        descriptionText !== null &&
        matchesText(other, descriptionText)
      ) {
        matchLog.push("text");
        return true;
      }
      return html.equals(other);
    },
  };
}

/**
 * feedparser keeps text/plain values raw ("a <b> tag"); our description is that same plain
 * text. HTML expectations are compared as their text.
 */
function matchesText(expected: string, ours: string): boolean {
  if (collapse(expected) === ours) return true;
  return !/<[a-z!/]/i.test(expected) && htmlToText(expected) === ours;
}

/** Sanitized HTML content. Matches exactly, or after undoing our link attributes and spacing. */
export function htmlField(value: string): Comparable {
  return {
    kind: "comparable",
    plain: () => value,
    equals(other: PyValue) {
      if (typeof other !== "string") return false;
      if (value === other) {
        matchLog.push("exact");
        return true;
      }
      if (canonicalHtml(value) === canonicalHtml(other)) {
        matchLog.push("canonical");
        return true;
      }
      // text/plain content is stored as escaped HTML paragraphs; compare it as text.
      if (!/<[a-z!/]/i.test(other) && htmlToText(value) === htmlToText(other)) {
        matchLog.push("text");
        return true;
      }
      // An expectation our sanitizer would itself rewrite asks for markup our policy forbids.
      if (canonicalHtml(sanitizeHtml(other, null)) !== canonicalHtml(other)) {
        throw new Unmappable("expected HTML is outside our sanitizer's allow-list (policy)");
      }
      return false;
    },
  };
}

/**
 * Undoes what differs on purpose: our link targets, `/>` vs `>`, the paragraph we wrap plain
 * text in, and the xhtml wrapper `<div>` (Atom says it is not part of the content).
 */
export function canonicalHtml(html: string): string {
  return collapse(
    html
      .replace(/ target="_blank" rel="noopener noreferrer"/g, "")
      .replace(/\s*\/>/g, ">")
      .replace(/^\s*<p>([\s\S]*)<\/p>\s*$/, "$1")
      .replace(/^\s*<div>([\s\S]*)<\/div>\s*$/, "$1"),
  );
}

const ENCODING_EQUIVALENTS: Record<string, string> = {
  gb2312: "gb18030",
  gbk: "gb18030",
  "utf-16": "utf-16le",
};

/** The charset we decoded with. `rfc3023Ascii` marks the one default we deliberately skip. */
export function encodingField(ours: string, rfc3023Ascii: boolean): Comparable {
  const canonical = (name: string) => {
    const lower = name.toLowerCase().replace(/_/g, "-");
    return ENCODING_EQUIVALENTS[lower] ?? lower;
  };
  return {
    kind: "comparable",
    plain: () => ours,
    equals(other: PyValue) {
      if (typeof other !== "string") return false;
      if (canonical(other) === "us-ascii" && rfc3023Ascii) {
        throw new Unmappable("RFC 3023 us-ascii default for text/* (deliberately not followed)");
      }
      return canonical(ours) === canonical(other);
    },
  };
}

const VERSION_FAMILIES: Record<string, string> = {
  rss: "rss",
  atom: "atom",
  rdf: "rss1",
  json: "json",
};

/** feedparser's precise version ('rss20', 'atom03'...) compared with our format family. */
export function versionField(format: string): Comparable {
  const ours = VERSION_FAMILIES[format] ?? format;
  return {
    kind: "comparable",
    plain: () => format,
    equals(other: PyValue) {
      if (typeof other !== "string") return false;
      if (other === "") return false;
      if (other === "cdf") throw new Unmappable("CDF format not supported");
      const family = /^rss(?:10|090)$/.test(other)
        ? "rss1"
        : other.replace(/\d.*$/, "").replace(/^rss$/, "rss");
      return family === ours;
    },
  };
}

function collapse(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
