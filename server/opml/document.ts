import type { ErrorCode } from "../../contract/errors.ts";
import { type ScanToken, scanXml } from "./scan.ts";

/** An OPML file as read: its version, head fields, and the outline tree with source lines. */
export interface OpmlOutline {
  attributes: Record<string, string>;
  children: OpmlOutline[];
  line: number;
}

export interface OpmlDocument {
  version: string | null;
  head: Record<string, string>;
  outlines: OpmlOutline[];
}

/** Something wrong with one line of a file that was still read. */
export interface OpmlProblem {
  line: number;
  code: ErrorCode;
  kind: "broken-outline" | "too-deep" | "duplicate" | "invalid-url";
  message: string;
}

export type OpmlReadResult =
  | { ok: true; document: OpmlDocument; problems: OpmlProblem[] }
  | { ok: false; reason: string };

const VERSIONS = new Set(["1.0", "1.1", "2.0"]);
/** Deeper outlines are flattened into their ancestor at this depth (bounds recursion later). */
export const MAX_OUTLINE_DEPTH = 32;

/**
 * Reads OPML 1.0, 1.1 and 2.0. A file that is not OPML (no `<opml>` root and no outline at all,
 * e.g. an RSS feed or not XML), that declares another version, or whose body has no outline is
 * refused; a damaged file keeps
 * every outline that can be read, and each unreadable one becomes a problem on its line.
 */
export async function readOpml(text: string): Promise<OpmlReadResult> {
  const document: OpmlDocument = { version: null, head: {}, outlines: [] };
  const problems: OpmlProblem[] = [];
  let sawRoot = false;
  let sawOutline = false;
  let otherRoot: string | undefined;
  let section: "none" | "head" | "body" = "none";
  let headField: { name: string; text: string } | undefined;
  const stack: OpmlOutline[] = [];
  let overflow = 0;
  /** Open outlines below the depth bound, which were not put on the stack. */
  let hidden = 0;

  const onToken = (token: ScanToken) => {
    switch (token.kind) {
      case "open": {
        const name = token.name;
        if (name === "opml") {
          if (!sawRoot) document.version = token.attributes.version?.trim() ?? null;
          sawRoot = true;
          return;
        }
        if (!sawRoot && !otherRoot && name !== "outline") otherRoot = name;
        if (name === "head") section = "head";
        else if (name === "body") section = "body";
        else if (name === "outline") {
          sawOutline = true;
          if (stack.length >= MAX_OUTLINE_DEPTH) {
            if (overflow++ === 0) {
              problems.push({
                line: token.line,
                code: 14000,
                kind: "too-deep",
                message: `Outlines nested deeper than ${MAX_OUTLINE_DEPTH} levels are read as siblings`,
              });
            }
          }
          const outline: OpmlOutline = {
            attributes: token.attributes,
            children: [],
            line: token.line,
          };
          const parent =
            stack.length >= MAX_OUTLINE_DEPTH ? stack[MAX_OUTLINE_DEPTH - 1] : stack.at(-1);
          (parent ? parent.children : document.outlines).push(outline);
          if (token.selfClosing) return;
          if (stack.length < MAX_OUTLINE_DEPTH) stack.push(outline);
          else hidden++;
        } else if (section === "head" && !token.selfClosing) {
          headField = { name, text: "" };
        }
        return;
      }
      case "close": {
        if (token.name === "outline") {
          if (hidden > 0) hidden--;
          else stack.pop();
        } else if (token.name === "head" || token.name === "body") {
          section = "none";
          stack.length = 0;
          hidden = 0;
        } else if (headField && token.name === headField.name) {
          const value = headField.text.trim();
          if (value) document.head[headField.name] = value;
          headField = undefined;
        }
        return;
      }
      case "text":
        if (headField) headField.text += token.text;
        return;
      case "broken":
        if (token.name === "outline" || token.name === "") {
          sawOutline = sawOutline || token.name === "outline";
          problems.push({
            line: token.line,
            code: 14000,
            kind: "broken-outline",
            message: "Not an outline",
          });
        }
        return;
    }
  };

  await scanXml(text, onToken);
  if (!sawRoot && (!sawOutline || otherRoot)) {
    return {
      ok: false,
      reason: otherRoot ? `Not an OPML file (its root is <${otherRoot}>)` : "Not an OPML file",
    };
  }
  if (document.version !== null && !VERSIONS.has(document.version)) {
    return {
      ok: false,
      reason: `Unsupported OPML version "${document.version}" (1.0, 1.1 or 2.0)`,
    };
  }
  // OPML requires at least one outline in the body; an empty file has nothing to import.
  if (document.outlines.length === 0 && !problems.some((p) => p.kind === "broken-outline")) {
    return { ok: false, reason: "The OPML body has no outlines" };
  }
  return { ok: true, document, problems };
}
