import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ActionCondition, ActionRule } from "../../contract/actions.ts";
import {
  compileRegex,
  ENTRY_STEP_BUDGET,
  MATCH_TEXT_LIMIT,
  type MatchSubject,
  matchBudget,
  matchRules,
  REGEX_STEP_LIMIT,
  regexProblem,
  testMatches,
} from "../../contract/actions-match.ts";

/**
 * Rule safety: whatever pattern a user saves and whatever text a feed sends, a pattern is either
 * refused with a reason, or matching one entry against it ends within a fixed number of steps
 * (a backtracking engine would not end at all on several of these inputs: this test would hang).
 */
const RUNS = Number(process.env.RULE_SAFETY_RUNS ?? 150);

/** Patterns that backtracked exponentially in JavaScript's engine. */
const KNOWN_BAD = ["^(a|a)*$", "^(a|aa)*$", "(\\w|\\d)*$", "(.|\\s)*x", ".*.*.*.*.*.*x", "(a+)+$"];

/**
 * Random patterns two groups deep, in the shapes that backtrack, with now and then a construct
 * RE2 lacks (a back-reference, lookaround, an atomic group, a possessive quantifier).
 */
const rare = (common: fc.Arbitrary<string>, ...unsupported: string[]) =>
  fc.oneof(
    { arbitrary: common, weight: 30 },
    { arbitrary: fc.constantFrom(...unsupported), weight: 1 },
  );
const simpleAtom = rare(
  fc.constantFrom("a", "b", "x", "!", ".", "\\w", "\\d", "\\s", "\\b", "[ab]", "[^b]"),
  "\\1",
);
const quantifier = rare(
  fc.constantFrom("", "", "*", "+", "?", "*?", "{2}", "{1,3}", "{0,40}"),
  "++",
  "*+",
);
const piece = (atom: fc.Arbitrary<string>) =>
  fc.tuple(atom, quantifier).map(([a, q]) => `${a}${q}`);
const alternation = (atom: fc.Arbitrary<string>) =>
  fc
    .array(
      fc.array(piece(atom), { minLength: 1, maxLength: 3 }).map((pieces) => pieces.join("")),
      { minLength: 1, maxLength: 3 },
    )
    .map((branches) => branches.join("|"));
const group = (inner: fc.Arbitrary<string>) =>
  fc
    .tuple(rare(fc.constantFrom("(", "(?:"), "(?=", "(?!", "(?<=", "(?<!", "(?>"), inner)
    .map(([open, body]) => `${open}${body})`);
const innerAtom = fc.oneof({ arbitrary: simpleAtom, weight: 3 }, group(alternation(simpleAtom)));
const patternArb = fc
  .tuple(
    fc.boolean(),
    alternation(fc.oneof({ arbitrary: innerAtom, weight: 3 }, group(alternation(innerAtom)))),
    fc.boolean(),
  )
  .map(([start, body, end]) => `${start ? "^" : ""}${body}${end ? "$" : ""}`);
const anyPattern = fc.oneof(fc.constantFrom(...KNOWN_BAD), patternArb);

/** Texts made to trigger backtracking: long runs of one character, then one that fails. */
const hostileText = fc
  .tuple(
    fc.constantFrom("a", "ab", " a", "a1", "\t", "aa\n"),
    fc.integer({ min: 32, max: MATCH_TEXT_LIMIT + 5_000 }),
    fc.constantFrom("!", "", "x", "b", "\u0000"),
  )
  .map(([unit, length, tail]) => `${unit.repeat(Math.ceil(length / unit.length))}${tail}`);

const FIELDS = ["entry_title", "entry_content", "entry_author", "title"] as const;

function subjectWith(text: string): MatchSubject {
  return {
    feedTitle: text,
    view: 0,
    siteUrl: null,
    feedUrl: null,
    category: null,
    title: text,
    content: text,
    url: null,
    author: text,
    mediaLength: 0,
    attachmentsDuration: 0,
  };
}

describe("rule regex safety", () => {
  it("refuses a pattern with a reason, or matches hostile text within the step bound", () => {
    fc.assert(
      fc.property(anyPattern, hostileText, (pattern, text) => {
        const problem = regexProblem(pattern);
        if (problem !== null) {
          expect(problem).toMatch(
            /not supported \(rules use RE2|invalid regular expression|too large/,
          );
          return;
        }
        const compiled = compileRegex(pattern);
        if ("problem" in compiled) throw new Error(compiled.problem);
        const subject = subjectWith(text);
        // One test alone: at most REGEX_STEP_LIMIT steps, reading at most the affordable text.
        const alone = matchBudget();
        const test: ActionCondition = { field: "entry_content", operator: "regex", value: pattern };
        expect(typeof testMatches(subject, test, alone)).toBe("boolean");
        expect(alone.steps).toBeLessThanOrEqual(REGEX_STEP_LIMIT);
        const readable = Math.min(text.length, MATCH_TEXT_LIMIT);
        expect(alone.steps).toBe(
          compiled.size *
            Math.max(1, Math.min(readable, Math.floor(REGEX_STEP_LIMIT / compiled.size))),
        );
        // A user's whole rule set (50 rules, 30 tests each, any-of): one entry's budget at most.
        const rules: ActionRule[] = Array.from({ length: 50 }, (_, i) => ({
          name: `r${i}`,
          condition: Array.from({ length: 30 }, (_, j) => [
            { field: FIELDS[(i + j) % FIELDS.length]!, operator: "regex" as const, value: pattern },
          ]),
          result: { star: true },
        }));
        const budget = matchBudget();
        const result = matchRules(rules, subject, budget);
        expect(result === null || result.star === true).toBe(true);
        expect(budget.steps).toBeLessThanOrEqual(ENTRY_STEP_BUDGET);
      }),
      { numRuns: RUNS },
    );
  });

  it("agrees with JavaScript's regexes on short texts wherever both take the pattern", () => {
    const shortText = fc
      .array(fc.constantFrom("a", "A", "b", "x", "!", " ", "1", "\n", "é"), { maxLength: 14 })
      .map((chars) => chars.join(""));
    fc.assert(
      fc.property(anyPattern, shortText, (pattern, text) => {
        if (regexProblem(pattern) !== null) return;
        let reference: RegExp;
        try {
          reference = new RegExp(pattern, "iu");
        } catch {
          return;
        }
        const test: ActionCondition = { field: "entry_title", operator: "regex", value: pattern };
        expect(testMatches(subjectWith(text), test)).toBe(reference.test(text));
      }),
      { numRuns: RUNS * 2 },
    );
  });
});
