import type { OpmlDocument, OpmlOutline } from "./document.ts";

/**
 * Writes a document as OPML 2.0 in one canonical shape: UTF-8, LF, two-space indent, explicit
 * close tags, head fields and outline attributes in a fixed order, empty ones left out, dates in
 * RFC 1123 (GMT). It is the same shape other OPML tools write (opml-go's), so files compare
 * byte for byte; `view` is ours (a subscription's view, read back on import).
 */
const HEAD_TEXT = ["title", "dateCreated", "dateModified", "ownerName", "ownerEmail"] as const;
const HEAD_DATES = new Set(["dateCreated", "dateModified"]);
const HEAD_NUMBERS = ["vertScrollState", "windowTop", "windowLeft", "windowBottom", "windowRight"];
const OUTLINE_ATTRIBUTES = [
  "category",
  "created",
  "description",
  "htmlUrl",
  "isBreakpoint",
  "isComment",
  "language",
  "title",
  "type",
  "url",
  "version",
  "xmlUrl",
  "view",
] as const;

export function writeOpml(document: OpmlDocument): string {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<opml version="2.0">'];
  const head = headLines(document.head);
  if (head.length === 0) lines.push("  <head></head>");
  else lines.push("  <head>", ...head.map((l) => `    ${l}`), "  </head>");
  if (document.outlines.length === 0) lines.push("  <body></body>");
  else {
    lines.push("  <body>");
    for (const outline of document.outlines) writeOutline(outline, 2, lines);
    lines.push("  </body>");
  }
  lines.push("</opml>");
  return lines.join("\n");
}

function headLines(head: Record<string, string>): string[] {
  const out: string[] = [];
  for (const name of HEAD_TEXT) {
    const raw = head[name]?.trim();
    if (!raw) continue;
    out.push(element(name, HEAD_DATES.has(name) ? rfc1123(raw) : raw));
  }
  const expansion = (head.expansionState ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter((s) => /^\d+$/.test(s));
  if (expansion.length > 0) out.push(element("expansionState", expansion.join(", ")));
  for (const name of HEAD_NUMBERS) {
    const n = Number(head[name]?.trim());
    if (Number.isInteger(n) && n !== 0) out.push(element(name, String(n)));
  }
  return out;
}

function writeOutline(outline: OpmlOutline, depth: number, lines: string[]): void {
  const a = outline.attributes;
  let tag = `<outline text="${escapeXml(a.text ?? "")}"`;
  for (const name of OUTLINE_ATTRIBUTES) {
    let value = a[name];
    if (value === undefined || value === "") continue;
    if (name === "isBreakpoint" || name === "isComment") {
      if (value.trim() !== "true") continue;
      value = "true";
    }
    if (name === "created") value = rfc1123(value);
    tag += ` ${name}="${escapeXml(value)}"`;
  }
  const indent = "  ".repeat(depth);
  if (outline.children.length === 0) {
    lines.push(`${indent}${tag}></outline>`);
    return;
  }
  lines.push(`${indent}${tag}>`);
  for (const child of outline.children) writeOutline(child, depth + 1, lines);
  lines.push(`${indent}</outline>`);
}

function element(name: string, value: string): string {
  return `<${name}>${escapeXml(value)}</${name}>`;
}

/** RFC 1123 in GMT when the date reads as one; otherwise the text as given. */
function rfc1123(raw: string): string {
  const time = Date.parse(raw);
  return Number.isNaN(time) ? raw : new Date(time).toUTCString();
}

const ESCAPES: Record<string, string> = {
  '"': "&#34;",
  "'": "&#39;",
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  "\t": "&#x9;",
  "\n": "&#xA;",
  "\r": "&#xD;",
};

export function escapeXml(value: string): string {
  // Characters XML 1.0 cannot carry at all become U+FFFD.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters to replace
  const clean = value.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "\uFFFD");
  return clean.replace(/["'&<>\t\n\r]/g, (ch) => ESCAPES[ch] as string);
}
