/**
 * A small, language-agnostic highlighter for the code blocks of entries: comments, strings,
 * numbers and the keywords common to C-like languages, Python, shell, Rust and Go. Colours
 * come from the code theme (src/settings/code-themes.ts). Text is only split and re-wrapped in
 * spans through textContent, never parsed as HTML, and long blocks are left as they are.
 */
export type TokenKind = "comment" | "string" | "number" | "keyword" | "text";

export interface Token {
  kind: TokenKind;
  text: string;
}

/** Blocks longer than this stay plain (bounded work on the main thread). */
const MAX_CODE_CHARS = 20_000;

const KEYWORDS = [
  "abstract async await break case catch class const continue def default defer del do elif else",
  "enum export extends false fi fn for from func function go if impl import in interface let loop",
  "match mod module mut new nil none null package pass private protected pub public raise return",
  "self static struct super switch then this throw true try type typeof use var void where while",
  "with yield",
].join(" ");

const TOKEN = new RegExp(
  [
    String.raw`(?<comment>\/\*[\s\S]*?(?:\*\/|$)|\/\/[^\n]*|(?:^|(?<=\s))#[^\n]*)`,
    String.raw`(?<string>"(?:[^"\\\n]|\\.)*"?|'(?:[^'\\\n]|\\.)*'?|\x60(?:[^\x60\\]|\\[\s\S])*\x60?)`,
    String.raw`(?<number>\b(?:0x[\da-f]+|\d+(?:\.\d+)?(?:e[+-]?\d+)?)\b)`,
    String.raw`(?<keyword>\b(?:${KEYWORDS.split(" ").join("|")})\b)`,
  ].join("|"),
  "gi",
);

/** Splits code into tokens; joined again, their texts are the code exactly. */
export function tokenize(code: string): Token[] {
  const tokens: Token[] = [];
  let last = 0;
  for (const match of code.matchAll(TOKEN)) {
    if (match[0] === "") continue;
    const index = match.index;
    if (index > last) tokens.push({ kind: "text", text: code.slice(last, index) });
    const groups = match.groups ?? {};
    const kind = (["comment", "string", "number", "keyword"] as const).find(
      (name) => groups[name] !== undefined,
    );
    tokens.push({ kind: kind ?? "text", text: match[0] });
    last = index + match[0].length;
  }
  if (last < code.length) tokens.push({ kind: "text", text: code.slice(last) });
  return tokens;
}

/** Highlights every plain `pre` block under `root` (once; nested markup is left alone). */
export function highlightCodeBlocks(root: HTMLElement): void {
  for (const pre of root.querySelectorAll("pre")) {
    if (pre.dataset.highlighted !== undefined) continue;
    pre.dataset.highlighted = "";
    const target = pre.querySelector(":scope > code") ?? pre;
    // Only text inside: markup of the feed's own (links, its highlighter's spans) stays.
    if (target.children.length > 0) continue;
    const code = target.textContent ?? "";
    if (code.length === 0 || code.length > MAX_CODE_CHARS) continue;
    const doc = target.ownerDocument;
    const fragment = doc.createDocumentFragment();
    for (const token of tokenize(code)) {
      if (token.kind === "text") {
        fragment.append(doc.createTextNode(token.text));
      } else {
        const span = doc.createElement("span");
        span.className = `tok-${token.kind}`;
        span.textContent = token.text;
        fragment.append(span);
      }
    }
    target.replaceChildren(fragment);
  }
}
