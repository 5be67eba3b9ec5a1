import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ActionRule } from "./actions.ts";
import {
  type MatchSubject,
  matchRules,
  regexProblem,
  rewrite,
  ruleMatches,
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

  it("refuses regexes that do not compile or can backtrack without end", () => {
    expect(regexProblem("(")).toMatch(/invalid/);
    expect(regexProblem("(a+)+$")).toMatch(/nested/);
    expect(regexProblem("(.*)*x")).toMatch(/nested/);
    expect(regexProblem("((ab)*c)+")).toMatch(/nested/);
    expect(regexProblem("(a)\\1")).toMatch(/back-references/);
    expect(regexProblem("^breaking\\b|urgent")).toBeNull();
    expect(regexProblem("(foo|bar)+")).toBeNull();
    expect(regexProblem("[(+*]+")).toBeNull();
  });

  it("matches any accepted regex against long hostile text in bounded time", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (pattern) => {
        if (regexProblem(pattern) !== null) return;
        const hostile = { ...subject, content: `${"a".repeat(50_000)}!` };
        const started = performance.now();
        ruleMatches(rule([{ field: "entry_content", operator: "regex", value: pattern }]), hostile);
        expect(performance.now() - started).toBeLessThan(2_000);
      }),
      { numRuns: 300 },
    );
  });

  it("rewrites every occurrence", () => {
    expect(rewrite("colour and colour", [{ from: "colour", to: "color" }])).toBe("color and color");
  });
});
