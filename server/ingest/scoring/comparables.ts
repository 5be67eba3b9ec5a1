import { htmlToText, looksLikeHtml } from "../text.ts";
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
      if (looksLikeHtml(other)) throw new Unmappable(`markup expected in ${field}: we store it as plain text`);
      return collapse(value) === collapse(other);
    },
  };
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
      return false;
    },
  };
}

/** Undoes what we add on purpose (link targets, `/>` vs `>`, paragraph wrapping, spacing). */
export function canonicalHtml(html: string): string {
  return collapse(
    html
      .replace(/ target="_blank" rel="noopener noreferrer"/g, "")
      .replace(/\s*\/>/g, ">")
      .replace(/^<p>([\s\S]*)<\/p>$/, "$1"),
  );
}

const ENCODING_EQUIVALENTS: Record<string, string> = { gb2312: "gb18030", gbk: "gb18030", "utf-16": "utf-16le" };

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

const VERSION_FAMILIES: Record<string, string> = { rss: "rss", atom: "atom", rdf: "rss1", json: "json" };

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
      const family = /^rss(?:10|090)$/.test(other) ? "rss1" : other.replace(/\d.*$/, "").replace(/^rss$/, "rss");
      return family === ours;
    },
  };
}

function collapse(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
