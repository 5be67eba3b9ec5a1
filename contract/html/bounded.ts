import { type Attributes, VOID_ELEMENTS, walkHtml } from "./events.ts";

/**
 * A web page re-written within the caps of events.ts (nesting at most MAX_HTML_DEPTH deep,
 * at most MAX_HTML_ELEMENTS elements), for code that builds a DOM of it: linkedom's parser and
 * Readability are super-linear on deep nesting (20,000 nested divs took Readability 15 s,
 * 50,000 two minutes). Elements, attributes and text are kept; scripts (but JSON-LD, which
 * Readability reads for titles and bylines), styles and templates are dropped.
 */
const DROPPED: ReadonlySet<string> = new Set(["script", "style", "template", "noscript"]);

export function boundedHtml(html: string): string {
  let out = "";
  let dropping = 0;
  /** Inside a JSON-LD script: its text is written as is (it cannot hold `</script`). */
  let jsonLd = false;
  walkHtml(html, {
    wantsAttributes: () => dropping === 0,
    open(name: string, attributes: Attributes) {
      if (dropping === 0 && name === "script" && isJsonLd(attributes)) {
        out += '<script type="application/ld+json">';
        jsonLd = true;
        return;
      }
      if (dropping > 0 || DROPPED.has(name)) {
        dropping++;
        return;
      }
      out += `<${name}`;
      for (const [attribute, value] of attributes)
        if (/^[^\s"'<>/=]+$/.test(attribute))
          out += ` ${attribute}="${escapeMatches(value, /[&<>"]/g)}"`;
      out += ">";
    },
    text(text: string) {
      if (jsonLd) out += text;
      else if (dropping === 0) out += escapeMatches(text, /[&<>]/g);
    },
    rawText(raw: string) {
      if (dropping === 0) out += escapeMatches(raw, /[<>]/g);
    },
    close(name: string) {
      if (jsonLd) {
        out += "</script>";
        jsonLd = false;
      } else if (dropping > 0) dropping--;
      else if (!VOID_ELEMENTS.has(name)) out += `</${name}>`;
    },
  });
  return out;
}

function isJsonLd(attributes: Attributes): boolean {
  return attributes.some(
    ([name, value]) => name === "type" && value.trim().toLowerCase() === "application/ld+json",
  );
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };

function escapeMatches(value: string, pattern: RegExp): string {
  return value.replace(pattern, (c) => ESCAPES[c]!);
}
