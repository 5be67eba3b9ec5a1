import { RAW_TEXT, RCDATA, tokenizeHtml } from "./tokenizer.ts";

/**
 * Untrusted HTML -> balanced open/text/close events, in one linear pass with bounded work.
 *
 * The tokenizer (tokenizer.ts) reads the markup the way browsers do (raw text in script,
 * style, iframe, textarea...; character references decoded). Tree building follows
 * htmlparser2's Parser (implied end tags, void elements, `</p>` and `</br>` quirks) but keeps
 * its open-element stack with push/pop and at most MAX_HTML_DEPTH deep: that Parser shifts and
 * unshifts an array as deep as the document, which made 100,000 nested divs cost seconds. Elements opened deeper than the
 * cap are flattened (the tag is dropped, its text kept), and after MAX_HTML_ELEMENTS start tags
 * the rest of the document is dropped, so the cost of one document is linear and bounded.
 */
export const MAX_HTML_DEPTH = 64;
export const MAX_HTML_ELEMENTS = 30_000;
/** Attributes read per element; more are ignored (no real element has this many). */
export const MAX_HTML_ATTRIBUTES = 64;

export type Attributes = Array<[name: string, value: string]>;

export interface HtmlHandler {
  /** A start tag (name lower case; attributes lower case, first occurrence wins). */
  open(name: string, attributes: Attributes): void;
  /** Decoded text. */
  text(text: string): void;
  /** The end of the element last opened and not yet closed (events are always balanced). */
  close(name: string): void;
  /** Text as written (character references undecoded); when absent, `text` gets it decoded. */
  rawText?(raw: string): void;
  /** Whether `open` needs this element's attributes (reading them costs; default: yes). */
  wantsAttributes?(name: string): boolean;
}

export interface WalkResult {
  /** True when elements were flattened or the document was cut. */
  capped: boolean;
}

export const VOID_ELEMENTS: ReadonlySet<string> = new Set([
  ...["area", "base", "basefont", "br", "col", "command", "embed", "frame", "hr", "img"],
  ...["input", "isindex", "keygen", "link", "meta", "param", "source", "track", "wbr"],
]);

const FORM_TAGS = new Set(["input", "option", "optgroup", "select", "button", "datalist"]);
const P_TAG = new Set(["p"]);
const HEADINGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6", "p"]);

/** Start tags that end open elements first (htmlparser2's table). */
const OPEN_IMPLIES_CLOSE = new Map<string, ReadonlySet<string>>([
  ["tr", new Set(["tr", "th", "td"])],
  ["th", new Set(["th"])],
  ["td", new Set(["thead", "th", "td"])],
  ["body", new Set(["head", "link", "script"])],
  ["a", new Set(["a"])],
  ["li", new Set(["li"])],
  ["p", P_TAG],
  ...["h1", "h2", "h3", "h4", "h5", "h6"].map((h) => [h, HEADINGS] as const),
  ...["select", "input", "output", "button", "datalist", "textarea"].map(
    (tag) => [tag, new Set([...FORM_TAGS, "textarea"])] as const,
  ),
  ["option", new Set(["option"])],
  ["optgroup", new Set(["optgroup", "option"])],
  ["dd", new Set(["dd", "dt"])],
  ["dt", new Set(["dd", "dt"])],
  ...[
    ...["address", "article", "aside", "blockquote", "details", "div", "dl", "fieldset"],
    ...["figcaption", "figure", "footer", "form", "header", "hr", "main", "nav", "ol", "pre"],
    ...["section", "table", "ul"],
  ].map((tag) => [tag, P_TAG] as const),
  ["rt", new Set(["rt", "rp"])],
  ["rp", new Set(["rt", "rp"])],
  ["tbody", new Set(["thead", "tbody"])],
  ["tfoot", new Set(["thead", "tbody"])],
]);

/** Shared by every element without attributes (never mutated: a first attribute replaces it). */
const NO_ATTRIBUTES: Attributes = [];

/** Elements holding only text: past the depth cap they are still reported, never pushed. */
const TEXT_ONLY = new Set([...RAW_TEXT, ...RCDATA, "plaintext"]);

export function walkHtml(html: string, handler: HtmlHandler): WalkResult {
  const stack: string[] = [];
  /** Elements opened past the depth cap: only their names, to drop their end tags. */
  const flattened: string[] = [];
  /** A text-only element reported past the depth cap, closed at its end tag. */
  let openTextOnly: string | null = null;
  let capped = false;
  let elements = 0;
  let tagName = "";
  let attributes: Attributes | null = null;
  const wantsAttributes = handler.wantsAttributes?.bind(handler) ?? (() => true);

  const closeTop = () => handler.close(stack.pop()!);

  function startTag(name: string) {
    if (openTextOnly !== null) {
      handler.close(openTextOnly); // its end tag never came: the input ended inside it
      openTextOnly = null;
    }
    const implied = OPEN_IMPLIES_CLOSE.get(name);
    if (implied) while (stack.length > 0 && implied.has(stack[stack.length - 1]!)) closeTop();
    tagName = name;
    attributes = NO_ATTRIBUTES;
    sink.collecting = wantsAttributes(name);
  }

  function endStartTag() {
    const name = tagName;
    const attrs = attributes;
    tagName = "";
    attributes = null;
    sink.collecting = false;
    if (attrs === null) return;
    if (++elements > MAX_HTML_ELEMENTS) {
      capped = true;
      sink.stopped = true; // the rest of the document is dropped
      return;
    }
    if (VOID_ELEMENTS.has(name)) {
      handler.open(name, attrs);
      handler.close(name);
    } else if (stack.length >= MAX_HTML_DEPTH) {
      capped = true;
      if (TEXT_ONLY.has(name)) {
        handler.open(name, attrs);
        openTextOnly = name;
      } else {
        flattened.push(name);
      }
    } else {
      stack.push(name);
      handler.open(name, attrs);
    }
  }

  function endTag(name: string) {
    if (openTextOnly !== null) {
      const textOnly = openTextOnly;
      openTextOnly = null;
      handler.close(textOnly);
      if (textOnly === name) return;
    }
    if (flattened.length > 0) {
      if (flattened[flattened.length - 1] === name) {
        flattened.pop();
        return;
      }
      flattened.length = 0; // an end tag from outside the flattened part closes all of it
    }
    if (VOID_ELEMENTS.has(name)) {
      if (name === "br") {
        handler.open("br", NO_ATTRIBUTES);
        handler.close("br");
      }
      return;
    }
    const position = stack.lastIndexOf(name);
    if (position !== -1) {
      while (stack.length > position) closeTop();
    } else if (name === "p") {
      startTag("p"); // `</p>` with no open p is an empty paragraph, as in browsers
      endStartTag();
      if (stack[stack.length - 1] === "p") closeTop();
    }
  }

  const sink = {
    collecting: false,
    stopped: false,
    startTag,
    endStartTag,
    endTag,
    attribute(name: string, value: string) {
      if (attributes === null || attributes.length >= MAX_HTML_ATTRIBUTES) return;
      if (attributes === NO_ATTRIBUTES) attributes = [];
      if (!attributes.some(([known]) => known === name)) attributes.push([name, value]);
    },
    text(text: string) {
      handler.text(text);
    },
    rawText: handler.rawText ? (raw: string) => handler.rawText!(raw) : undefined,
  };
  tokenizeHtml(html, sink);
  if (openTextOnly !== null) handler.close(openTextOnly);
  while (stack.length > 0) closeTop();
  return { capped };
}
