import { describe, expect, it } from "vitest";
import { tokenize } from "./highlight-code.ts";

const kinds = (code: string) =>
  tokenize(code)
    .filter((token) => token.kind !== "text")
    .map((token) => `${token.kind}:${token.text}`);

describe("code highlighter", () => {
  it("marks keywords, strings, numbers and comments, and keeps the code exactly", () => {
    const code = 'const answer = 42; // the answer\nreturn "it\\"s" + 0x1f;';
    expect(
      tokenize(code)
        .map((t) => t.text)
        .join(""),
    ).toBe(code);
    expect(kinds(code)).toEqual([
      "keyword:const",
      "number:42",
      "comment:// the answer",
      "keyword:return",
      'string:"it\\"s"',
      "number:0x1f",
    ]);
  });

  it("reads Python and shell comments, block comments and unterminated strings", () => {
    expect(kinds("def f(x):\n    # note\n    pass")).toEqual([
      "keyword:def",
      "comment:# note",
      "keyword:pass",
    ]);
    expect(kinds("/* a\nb */ x")).toEqual(["comment:/* a\nb */"]);
    expect(kinds("'open")).toEqual(["string:'open"]);
    // A # inside a word (a URL fragment) is no comment; a keyword inside a word is no keyword.
    expect(kinds("a#b constant")).toEqual([]);
  });
});
