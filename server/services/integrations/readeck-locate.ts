import { parseHTML } from "linkedom";

/**
 * Where a passage sits in Readeck's article, as its annotations API takes it: each end is an
 * XPath-like path from <body> (`div[1]/p[2]`, `tag[n]` counting same-tag element siblings) and
 * an offset in code points over the text of that element's descendants (Readeck's
 * pkg/annotate getSelector/getTextNodeBoundary).
 */
export interface ReadeckRange {
  start_selector: string;
  start_offset: number;
  end_selector: string;
  end_offset: number;
}

/** Readeck refuses longer selectors (its form's MaxLen). */
const MAX_SELECTOR = 256;
/** Articles above this are not parsed: the annotations are skipped, the bookmark stays. */
export const MAX_ARTICLE_CHARS = 5_000_000;

interface TextSpan {
  node: Text;
  /** UTF-16 index of the node's first character in the article's whole text. */
  start: number;
}

function textNodes(root: Node): TextSpan[] {
  const spans: TextSpan[] = [];
  let at = 0;
  const walk = (node: Node) => {
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === 3) {
        spans.push({ node: child as Text, start: at });
        at += (child as Text).data.length;
      } else if (child.nodeType === 1) walk(child);
    }
  };
  walk(root);
  return spans;
}

/** Whitespace runs as one space, with each kept character's index in the original. */
function collapsed(text: string): { text: string; index: number[] } {
  let out = "";
  const index: number[] = [];
  let space = false;
  for (let i = 0; i < text.length; i++) {
    if (/\s/.test(text[i]!)) {
      if (!space) {
        out += " ";
        index.push(i);
      }
      space = true;
    } else {
      out += text[i];
      index.push(i);
      space = false;
    }
  }
  return { text: out, index };
}

const codePoints = (text: string) => Array.from(text).length;

function selectorOf(root: Element, element: Element): string | null {
  const names: string[] = [];
  for (let p: Element | null = element; p && p !== root; p = p.parentElement) {
    const tag = p.localName.toLowerCase();
    let i = 1;
    for (let s = p.previousElementSibling; s; s = s.previousElementSibling) {
      if (s.localName.toLowerCase() === tag) i++;
    }
    names.unshift(`${tag}[${i}]`);
  }
  const selector = names.join("/");
  // Text directly under <body> has no selector Readeck can query.
  return selector && selector.length <= MAX_SELECTOR ? selector : null;
}

/** One end: the text node's parent element and the code points before `offset` inside it. */
function boundary(root: Element, span: TextSpan, offset: number) {
  const element = span.node.parentElement;
  if (!element) return null;
  const selector = selectorOf(root, element);
  if (!selector) return null;
  let before = 0;
  for (const inner of textNodes(element)) {
    if (inner.node === span.node) break;
    before += codePoints(inner.node.data);
  }
  return { selector, offset: before + codePoints(span.node.data.slice(0, offset)) };
}

/** A parsed article; `locate` finds each passage in it (the first occurrence, spaces loose). */
export function readeckArticle(html: string) {
  const { document } = parseHTML(
    `<!doctype html><html><head></head><body>${html.slice(0, MAX_ARTICLE_CHARS)}</body></html>`,
  );
  const root = document.body as unknown as Element;
  const spans = textNodes(root);
  const whole = collapsed(spans.map((span) => span.node.data).join(""));
  const spanAt = (index: number, end: boolean) => {
    // The start lies in the node holding its character; the end in the node it closes.
    for (const span of spans) {
      const last = span.start + span.node.data.length;
      if (end ? index > span.start && index <= last : index >= span.start && index < last) {
        return span;
      }
    }
    return undefined;
  };
  return {
    locate(exact: string): ReadeckRange | null {
      const wanted = collapsed(exact.trim()).text;
      if (!wanted) return null;
      const found = whole.text.indexOf(wanted);
      if (found < 0) return null;
      const from = whole.index[found]!;
      const to = whole.index[found + wanted.length - 1]! + 1;
      const first = spanAt(from, false);
      const last = spanAt(to, true);
      if (!first || !last) return null;
      const start = boundary(root, first, from - first.start);
      const end = boundary(root, last, to - last.start);
      if (!start || !end) return null;
      return {
        start_selector: start.selector,
        start_offset: start.offset,
        end_selector: end.selector,
        end_offset: end.offset,
      };
    },
  };
}
