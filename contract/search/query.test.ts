import SQLite from "better-sqlite3";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { toFts5Match } from "./fts5.ts";
import { snippetOf } from "./highlight.ts";
import { matchRecord } from "./match.ts";
import { parseSearchQuery, type SearchQuery } from "./query.ts";
import { displayText, indexableText, termsOf } from "./tokens.ts";

const parse = (text: string): SearchQuery => {
  const result = parseSearchQuery(text);
  if (!result.ok) throw new Error(result.reason);
  return result.query;
};

describe("search query syntax", () => {
  it("reads words, phrases, exclusions, fields and prefixes", () => {
    expect(parse('Bread "onion soup" -rye title:Loaf author:"Ada B" sour*').clauses).toEqual([
      { terms: ["bread"], field: null, negated: false, prefix: false },
      { terms: ["onion", "soup"], field: null, negated: false, prefix: false },
      { terms: ["rye"], field: null, negated: true, prefix: false },
      { terms: ["loaf"], field: "title", negated: false, prefix: false },
      { terms: ["ada", "b"], field: "author", negated: false, prefix: false },
      { terms: ["sour"], field: null, negated: false, prefix: true },
    ]);
  });

  it("cuts CJK words into characters and folds case, width and accents", () => {
    expect(termsOf("全文搜索 Café ＡＢＣ")).toEqual(["全", "文", "搜", "索", "cafe", "abc"]);
    expect(parse("日本語").clauses[0]!.terms).toEqual(["日", "本", "語"]);
    expect(displayText(indexableText("中文abc字"))).toBe("中文abc字");
  });

  it("refuses what it cannot read, with a reason", () => {
    for (const bad of ['"open', "-only", "title:", 'a"b"', "", '""', "???", "a ".repeat(20)]) {
      const result = parseSearchQuery(bad);
      expect(result.ok, bad).toBe(false);
      if (!result.ok) expect(result.reason.length).toBeGreaterThan(5);
    }
  });

  it("compiles any parsed query to an FTS5 expression SQLite accepts", () => {
    const db = new SQLite(":memory:");
    db.exec(
      `create virtual table t using fts5(title, body, author, url, tokenize="unicode61 remove_diacritics 2 categories 'L* N* Co M*'")`,
    );
    db.prepare("insert into t values (?, ?, ?, ?)").run("Bread", "onion soup", "Ada", "x");
    const select = db.prepare("select count(*) as n from t where t match ?");
    const text = fc
      .array(
        fc.oneof(
          fc.constantFrom(
            '"',
            "-",
            "*",
            ":",
            "(",
            ")",
            "title:",
            "author:",
            "NOT",
            "NEAR",
            "^",
            " ",
          ),
          fc.string({ maxLength: 5 }),
        ),
        { maxLength: 10 },
      )
      .map((parts) => parts.join(""));
    fc.assert(
      fc.property(text, (input) => {
        const result = parseSearchQuery(input);
        if (result.ok) select.get(toFts5Match(result.query));
      }),
      { numRuns: 500 },
    );
    expect(select.get(toFts5Match(parse('"onion soup" -rye')))).toEqual({ n: 1 });
    db.close();
  });

  it("matches records in memory the way the index does", () => {
    const record = {
      title: "Kitchen Notes",
      body: "Recipes and baking",
      url: "https://kitchen.example",
    };
    expect(matchRecord(parse("kitchen"), record)).toBeGreaterThan(
      matchRecord(parse("baking"), record)!,
    );
    expect(matchRecord(parse("kitchen -baking"), record)).toBeNull();
    expect(matchRecord(parse("author:kitchen"), record)).toBeNull();
    expect(matchRecord(parse('"notes kitchen"'), record)).toBeNull();
    expect(matchRecord(parse("reci*"), record)).not.toBeNull();
  });

  it("cuts a snippet around the hits and marks them", () => {
    const text = `${"filler words here ".repeat(30)}the sourdough starter ${"more text ".repeat(30)}`;
    const snippet = snippetOf(text, parse("sourdough").highlight, 80);
    expect(snippet.text.startsWith("…")).toBe(true);
    expect(snippet.text.endsWith("…")).toBe(true);
    expect(snippet.ranges).toHaveLength(1);
    const [[start, end]] = snippet.ranges as [[number, number]];
    expect(snippet.text.slice(start, end)).toBe("sourdough");
  });

  it("reads tag: as a filter on the person's tags, not as words to find", () => {
    const query = parse('fox tag:animals -tag:"old news"');
    expect(query.clauses.map((c) => c.terms)).toEqual([["fox"]]);
    expect(query.tags).toEqual([
      { tag: "animals", negated: false },
      { tag: "old news", negated: true },
    ]);
    expect(toFts5Match(query)).toBe('"fox"');
  });

  it("refuses tag: without a name instead of ignoring it or matching every tag", () => {
    for (const input of [
      "tag:",
      "fox tag:",
      'fox tag:""',
      'fox tag:"  "',
      "fox -TAG:",
      "fox tag: bar",
    ]) {
      const result = parseSearchQuery(input);
      expect(result.ok, input).toBe(false);
      if (!result.ok) expect(result.reason).toMatch(/needs a tag's name/);
    }
    expect(parse("fox tag:x").tags).toEqual([{ tag: "x", negated: false }]);
  });
});
