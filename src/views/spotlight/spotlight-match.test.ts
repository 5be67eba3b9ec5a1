import { describe, expect, it } from "vitest";
import { compileRegex } from "../../../contract/actions-match.ts";
import { normalizeSpotlight } from "../../settings/spotlight.ts";
import {
  foldCase,
  SPOTLIGHT_TEXT_LIMIT,
  spotlightMatcher,
  spotlightRanges,
} from "./spotlight-match.ts";

const matcherOf = (value: unknown) => spotlightMatcher(normalizeSpotlight(value), compileRegex);
const marked = (text: string, value: unknown) =>
  spotlightRanges(text, matcherOf(value)).map((range) => [
    text.slice(range.start, range.end),
    range.color,
  ]);

describe("spotlight setting", () => {
  it("keeps only usable keywords, at most twenty, without repeats", () => {
    expect(normalizeSpotlight(null)).toEqual([]);
    expect(normalizeSpotlight({ pattern: "x" })).toEqual([]);
    expect(
      normalizeSpotlight([
        { pattern: " Rust ", color: "green" },
        { pattern: "rust", color: "blue" },
        { pattern: "", color: "blue" },
        { pattern: "x".repeat(101), color: "blue" },
        { pattern: 3 },
        null,
        { pattern: "ai", color: "<script>", isRegex: "yes" },
        { pattern: "\\bgo\\b", color: "pink", isRegex: true },
      ]),
    ).toEqual([
      { pattern: "Rust", color: "green", isRegex: false },
      { pattern: "ai", color: "yellow", isRegex: false },
      { pattern: "\\bgo\\b", color: "pink", isRegex: true },
    ]);
    const many = Array.from({ length: 50 }, (_, i) => ({ pattern: `k${i}`, color: "blue" }));
    expect(normalizeSpotlight(many)).toHaveLength(20);
  });
});

describe("spotlight matching", () => {
  it("finds words case-insensitively, every occurrence, in the keyword's colour", () => {
    expect(marked("Rust and RUST, trusted", [{ pattern: "rust", color: "green" }])).toEqual([
      ["Rust", "green"],
      ["RUST", "green"],
      ["rust", "green"],
    ]);
  });

  it("treats a word's regex characters as plain text", () => {
    expect(marked("C++ (a.k.a. cpp) .*", [{ pattern: "c++" }, { pattern: ".*" }])).toEqual([
      ["C++", "yellow"],
      [".*", "yellow"],
    ]);
    expect(marked("aaaa", [{ pattern: "a.*" }])).toEqual([]);
  });

  it("runs patterns on RE2, skipping empty matches; the earlier keyword wins an overlap", () => {
    expect(
      marked("Go 1.22 released; golang", [
        { pattern: "go", color: "pink" },
        { pattern: "\\d+\\.\\d+", color: "blue", isRegex: true },
        { pattern: "x*", color: "green", isRegex: true },
        { pattern: "go\\s+\\d", color: "purple", isRegex: true },
      ]),
    ).toEqual([
      ["Go", "pink"],
      ["1.22", "blue"],
      ["go", "pink"],
    ]);
  });

  it("leaves patterns out until the RE2 engine is there", () => {
    const keywords = normalizeSpotlight([{ pattern: "go+", isRegex: true }, { pattern: "rust" }]);
    const text = "gooo rust";
    expect(spotlightRanges(text, spotlightMatcher(keywords))).toHaveLength(1);
    expect(spotlightRanges(text, spotlightMatcher(keywords, compileRegex))).toHaveLength(2);
  });

  it("leaves out patterns RE2 refuses (back-references, lookaround, huge repeats)", () => {
    const matcher = matcherOf([
      { pattern: "(a)\\1", isRegex: true },
      { pattern: "(?=a)", isRegex: true },
      { pattern: "((a{1000}){1000}){1000}", isRegex: true },
      { pattern: "(", isRegex: true },
    ]);
    expect(matcher).toBeNull();
    expect(spotlightRanges("aaaa", matcher)).toEqual([]);
  });

  it("stays bounded on hostile content: catastrophic patterns, huge texts, floods of matches", () => {
    const evil = [{ pattern: "(a+)+$", isRegex: true, color: "blue" }];
    const attack = `${"a".repeat(5000)}!`;
    // RE2 has no backtracking: the classic exponential pattern answers "no match" at once.
    expect(marked(attack, evil)).toEqual([]);
    expect(spotlightRanges(`${"a".repeat(30)}`, matcherOf(evil))).toHaveLength(1);
    // Past the text limit nothing is scanned.
    expect(
      spotlightRanges("rust ".repeat(SPOTLIGHT_TEXT_LIMIT), matcherOf([{ pattern: "rust" }])),
    ).toEqual([]);
    // A text full of matches gets at most a hundred marks per keyword.
    expect(spotlightRanges("a".repeat(5000), matcherOf([{ pattern: "a" }]))).toHaveLength(100);
  });

  it("keeps offsets when lower-casing changes a character's length", () => {
    expect(foldCase("İstanbul").length).toBe("İstanbul".length);
    expect(marked("İstanbul Rust", [{ pattern: "rust" }])).toEqual([["Rust", "yellow"]]);
    expect(marked("🦀 RUST 🦀", [{ pattern: "rust" }])).toEqual([["RUST", "yellow"]]);
  });
});
