import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ActionRule } from "./actions.ts";
import {
  compileRegex,
  ENTRY_STEP_BUDGET,
  MATCH_TEXT_LIMIT,
  type MatchSubject,
  matchBudget,
  matchRules,
  REGEX_STEP_LIMIT,
  regexProblem,
  rewrite,
  ruleMatches,
  testMatches,
} from "./actions-match.ts";

const subject: MatchSubject = {
  feedTitle: "Tech Daily",
  view: 0,
  siteUrl: "https://tech.example",
  feedUrl: "https://tech.example/feed",
  category: "News",
  title: "New phone released",
  content: "The phone has a bigger battery.",
  url: "https://tech.example/phone",
  author: "Ada",
  mediaLength: 2,
  attachmentsDuration: 0,
};
const rule = (condition: ActionRule["condition"], result: ActionRule["result"] = { star: true }) =>
  ({ name: "r", condition, result }) as ActionRule;

describe("rule matching", () => {
  it("tests each operator, case-insensitively", () => {
    const t = (field: string, operator: string, value: string) =>
      ruleMatches(rule([{ field, operator, value } as never]), subject);
    expect(t("entry_title", "contains", "PHONE")).toBe(true);
    expect(t("entry_title", "not_contains", "phone")).toBe(false);
    expect(t("category", "eq", "news")).toBe(true);
    expect(t("entry_author", "not_eq", "ada")).toBe(false);
    expect(t("entry_media_length", "gt", "1")).toBe(true);
    expect(t("entry_media_length", "lt", "1")).toBe(false);
    expect(t("entry_content", "regex", "bigger\\s+battery")).toBe(true);
    expect(t("view", "eq", "0")).toBe(true);
    expect(t("title", "contains", "daily")).toBe(true);
  });

  it("reads a list of lists as any-of all-of, and merges every matching rule", () => {
    const either = rule([
      [{ field: "entry_title", operator: "contains", value: "tablet" }],
      [
        { field: "entry_title", operator: "contains", value: "phone" },
        { field: "entry_author", operator: "eq", value: "ada" },
      ],
    ]);
    expect(ruleMatches(either, subject)).toBe(true);
    const merged = matchRules(
      [
        either,
        rule([], { silence: true, rewriteRules: [{ from: "a", to: "b" }] }),
        rule([{ field: "entry_title", operator: "contains", value: "nope" }], { block: true }),
        { ...rule([], { webhooks: ["https://hook.example"] }), disabled: true },
      ],
      subject,
    );
    expect(merged).toEqual({ star: true, silence: true, rewriteRules: [{ from: "a", to: "b" }] });
  });

  it("refuses what RE2 cannot compile, naming the unsupported syntax", () => {
    expect(regexProblem("(")).toMatch(/invalid regular expression/);
    expect(regexProblem("(a)\\1")).toMatch(/back-references .* not supported .*RE2/);
    expect(regexProblem("(?<n>a)\\k<n>")).toMatch(/back-references/);
    expect(regexProblem("foo(?=bar)")).toMatch(/lookahead and lookbehind/);
    expect(regexProblem("(?<!x)foo")).toMatch(/lookahead and lookbehind/);
    expect(regexProblem("a{2,1001}")).toMatch(/repeat count too large/);
    expect(regexProblem(".{1000}.{1000}")).toMatch(/too large/);
    expect(regexProblem(".{200}.{200}")).toMatch(/too large \(4\d\d instructions, at most 300\)/);
    expect(regexProblem(".{1000}".repeat(70))).toMatch(/repeat counts add up to 70000/);
    expect(regexProblem("\\w{1,100}")).toBeNull();
    // Shapes that backtrack in other engines are linear in RE2: accepted.
    expect(regexProblem("(a+)+$")).toBeNull();
    expect(regexProblem("^breaking\\b|urgent")).toBeNull();
    expect(regexProblem("(foo|bar)+")).toBeNull();
    expect(regexProblem("[(+*]+")).toBeNull();
    expect(regexProblem("\\p{L}+ (?i)x")).toBeNull();
  });

  // Each of these took exponential time on a backtracking engine (a 32-character title held the
  // server for 52 s); RE2 reads the text once, so they answer, within the step bound.
  it.each(["^(a|a)*$", "^(a|aa)*$", "(\\w|\\d)*$", "(.|\\s)*x", ".*.*.*.*.*.*x", "(a+)+$"])(
    "matches %s against 10,000 hostile characters within the step bound",
    (pattern) => {
      expect(regexProblem(pattern)).toBeNull();
      const hostile = `${"a".repeat(10_000)}!`;
      for (const field of ["entry_title", "entry_content"] as const) {
        const budget = matchBudget();
        const test = { field, operator: "regex", value: pattern } as const;
        const holds = testMatches({ ...subject, title: hostile, content: hostile }, test, budget);
        expect(holds).toBe(new RegExp(pattern, "iu").test("!") && pattern !== "^(a|a)*$");
        const compiled = compileRegex(pattern);
        if ("problem" in compiled) throw new Error(compiled.problem);
        expect(budget.steps).toBe(compiled.size * hostile.length);
        expect(budget.steps).toBeLessThanOrEqual(REGEX_STEP_LIMIT);
      }
    },
  );

  it("reads less text with a larger program, and stops at the entry's budget", () => {
    const wide = ".{290}x";
    const compiled = compileRegex(wide);
    if ("problem" in compiled) throw new Error(compiled.problem);
    const budget = matchBudget();
    const long = { ...subject, content: "a".repeat(MATCH_TEXT_LIMIT) };
    testMatches(long, { field: "entry_content", operator: "regex", value: wide }, budget);
    expect(budget.steps).toBeLessThanOrEqual(REGEX_STEP_LIMIT);
    expect(budget.steps).toBe(compiled.size * Math.floor(REGEX_STEP_LIMIT / compiled.size));
    // Fifty rules of thirty such tests each: the whole run stays within one entry's budget.
    const heavy = Array.from({ length: 50 }, () =>
      rule(
        Array.from({ length: 30 }, () => ({
          field: "entry_content" as const,
          operator: "regex" as const,
          value: `${wide}|y`,
        })),
      ),
    );
    const shared = matchBudget();
    expect(matchRules(heavy, long, shared)).toBeNull();
    expect(shared.steps).toBeLessThanOrEqual(ENTRY_STEP_BUDGET);
    expect(shared.steps).toBeGreaterThan(ENTRY_STEP_BUDGET - compiled.size * 2);
    // A test whose regex cannot be afforded any more fails, as one that no longer compiles does.
    const phone = rule([{ field: "entry_title", operator: "regex", value: "phone" }]);
    expect(ruleMatches(phone, subject)).toBe(true);
    const spent = { steps: ENTRY_STEP_BUDGET, limit: ENTRY_STEP_BUDGET };
    expect(ruleMatches(phone, subject, spent)).toBe(false);
    expect(
      ruleMatches(rule([{ field: "entry_title", operator: "regex", value: "(a)\\1" }]), subject),
    ).toBe(false);
  });

  it("matches like JavaScript's case-insensitive regexes on ordinary patterns", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("phone", "^new", "battery\\.?$", "b[aeiou]t", "\\bph", "(x|y|ph)one"),
        fc.string({ maxLength: 40 }),
        (pattern, text) => {
          const test = { field: "entry_title", operator: "regex", value: pattern } as const;
          expect(testMatches({ ...subject, title: text }, test)).toBe(
            new RegExp(pattern, "iu").test(text),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it("rewrites every occurrence", () => {
    expect(rewrite("colour and colour", [{ from: "colour", to: "color" }])).toBe("color and color");
  });
});
