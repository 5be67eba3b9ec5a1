import { RE2JS, RE2JSSyntaxException } from "re2js";
import type { ActionCondition, ActionResult, ActionRule } from "./actions.ts";

/**
 * Matching entries against action rules: pure, shared by the server (at ingest) and the
 * client (the rule editor's live preview). Regexes run on RE2 (linear time, no backtracking),
 * and every test is charged in steps against a per-entry budget, so one entry costs a user's
 * rules a bounded amount of work whatever the patterns and the text.
 */
/** What rules test of an entry; not changed once made (matching caches its cut texts). */
export interface MatchSubject {
  feedTitle: string | null;
  view: number;
  siteUrl: string | null;
  feedUrl: string | null;
  category: string | null;
  title: string | null;
  /** Plain text of the content (markup stripped). */
  content: string | null;
  url: string | null;
  author: string | null;
  mediaLength: number;
  attachmentsDuration: number;
}

/** Text a test reads at most: no test scans more than this. */
export const MATCH_TEXT_LIMIT = 20_000;
/** Instructions a rule's compiled regex may have (the engine's work per character). */
export const MAX_REGEX_PROGRAM = 300;
/** Steps (program size × characters read) one regex test may take: a larger program reads less. */
export const REGEX_STEP_LIMIT = 500_000;
/** Steps one entry may cost a user's rules, all tests together; regex tests past it fail. */
export const ENTRY_STEP_BUDGET = 4_000_000;

/** The work matching has done so far, in steps; shared by the tests of one entry. */
export interface MatchBudget {
  steps: number;
  limit: number;
}

export const matchBudget = (limit = ENTRY_STEP_BUDGET): MatchBudget => ({ steps: 0, limit });

/** The condition as OR of ANDs. */
export function conditionGroups(rule: Pick<ActionRule, "condition">): ActionCondition[][] {
  const condition = rule.condition as readonly (ActionCondition | readonly ActionCondition[])[];
  if (condition.length === 0) return [];
  return Array.isArray(condition[0])
    ? (condition as ActionCondition[][]).map((group) => [...group])
    : [condition as ActionCondition[]];
}

function fieldValue(subject: MatchSubject, test: ActionCondition): string | number | null {
  switch (test.field) {
    case "title":
      return subject.feedTitle;
    case "view":
      return subject.view;
    case "site_url":
      return subject.siteUrl;
    case "feed_url":
      return subject.feedUrl;
    case "category":
      return subject.category;
    case "entry_title":
      return subject.title;
    case "entry_content":
      return subject.content;
    case "entry_url":
      return subject.url;
    case "entry_author":
      return subject.author;
    case "entry_media_length":
      return subject.mediaLength;
    case "entry_attachments_duration":
      return subject.attachmentsDuration;
  }
}

type Compiled = { regex: RE2JS; size: number } | { problem: string };

const regexCache = new Map<string, Compiled>();

/**
 * The pattern compiled by RE2 (linear time in the text: no backtracking), or why it cannot be.
 * Never throws: a stored rule that no longer compiles simply never matches.
 */
export function compileRegex(pattern: string): Compiled {
  let compiled = regexCache.get(pattern);
  if (compiled === undefined) {
    compiled = compileUncached(pattern);
    if (regexCache.size > 500) regexCache.clear();
    regexCache.set(pattern, compiled);
  }
  return compiled;
}

/** Repeat counts (summed) past which a pattern is too large without compiling it to know. */
const MAX_REPEAT_TOTAL = 4 * MAX_REGEX_PROGRAM;

function compileUncached(pattern: string): Compiled {
  // A stored rule from before validation could hold anything.
  if (typeof pattern !== "string") return { problem: "a pattern must be text" };
  // Compiling `.{1000}` seventy times over takes long only to be refused: refuse it unread.
  let repeats = 0;
  for (const [, low, high] of pattern.matchAll(/\{(\d+),?(\d*)\}/g)) {
    repeats += Number(high || low);
  }
  if (repeats > MAX_REPEAT_TOTAL) {
    return {
      problem: `regular expression too large (repeat counts add up to ${repeats}, at most ${MAX_REPEAT_TOTAL}): use smaller repeat counts`,
    };
  }
  let regex: RE2JS;
  try {
    regex = RE2JS.compile(pattern, RE2JS.CASE_INSENSITIVE);
  } catch (error) {
    return { problem: syntaxProblem(pattern, error) };
  }
  const size = regex.programSize();
  if (size > MAX_REGEX_PROGRAM) {
    return {
      problem: `regular expression too large (${size} instructions, at most ${MAX_REGEX_PROGRAM}): use smaller repeat counts`,
    };
  }
  return { regex, size };
}

const RE2_NOTE = "rules use RE2 syntax, which matches in linear time";

/** A reason naming the syntax RE2 lacks, when that is why the pattern failed. */
function syntaxProblem(pattern: string, error: unknown): string {
  const unsupported = (what: string) => `${what} not supported (${RE2_NOTE})`;
  if (/\\[1-9]|\\k</.test(pattern)) return unsupported("back-references (\\1, \\k<name>) are");
  if (/\(\?<?[=!]/.test(pattern)) {
    return unsupported("lookahead and lookbehind ((?=, (?!, (?<=, (?<!) are");
  }
  if (/\(\?>|[*+?}]\+/.test(pattern)) {
    return unsupported("atomic groups and possessive quantifiers ((?>, a++) are");
  }
  if (error instanceof RE2JSSyntaxException && /repeat count/.test(error.error)) {
    return `repeat count too large: ${error.input ?? ""} (counts, nested ones multiplied, go up to 1000; ${RE2_NOTE})`;
  }
  const message =
    error instanceof RE2JSSyntaxException
      ? `${error.error}${error.input ? `: ${error.input}` : ""}`
      : error instanceof Error
        ? error.message
        : String(error);
  return `invalid regular expression: ${message} (${RE2_NOTE})`;
}

/** Whether the regex matches the text, charging its steps; false once the budget is spent. */
function regexMatches(pattern: string, text: string, budget: MatchBudget): boolean {
  const compiled = compileRegex(pattern);
  if ("problem" in compiled) return false;
  const affordable = Math.floor(
    Math.min(REGEX_STEP_LIMIT, budget.limit - budget.steps) / compiled.size,
  );
  if (affordable <= 0) return false;
  const read = text.length > affordable ? text.slice(0, affordable) : text;
  budget.steps += compiled.size * Math.max(read.length, 1);
  return compiled.regex.test(read);
}

/** A subject's fields cut to MATCH_TEXT_LIMIT (and lower-cased), once for all its tests. */
const subjectTexts = new WeakMap<MatchSubject, Map<string, { text: string; lower?: string }>>();

function boundedTexts(subject: MatchSubject, field: string, raw: string | number | null) {
  let fields = subjectTexts.get(subject);
  if (!fields) {
    fields = new Map();
    subjectTexts.set(subject, fields);
  }
  let texts = fields.get(field);
  if (!texts) {
    texts = { text: (raw === null ? "" : String(raw)).slice(0, MATCH_TEXT_LIMIT) };
    fields.set(field, texts);
  }
  return texts;
}

export function testMatches(
  subject: MatchSubject,
  test: ActionCondition,
  budget: MatchBudget = matchBudget(),
): boolean {
  const raw = fieldValue(subject, test);
  if (test.operator === "gt" || test.operator === "lt") {
    budget.steps += 1;
    const left = typeof raw === "number" ? raw : Number(raw);
    const right = Number(test.value);
    if (!Number.isFinite(left) || !Number.isFinite(right)) return false;
    return test.operator === "gt" ? left > right : left < right;
  }
  const texts = boundedTexts(subject, test.field, raw);
  if (test.operator === "regex") return regexMatches(test.value, texts.text, budget);
  // Plain comparisons are linear scans of bounded text.
  budget.steps += Math.max(texts.text.length, 1);
  texts.lower ??= texts.text.toLowerCase();
  const lower = texts.lower;
  const value = String(test.value).toLowerCase();
  switch (test.operator) {
    case "contains":
      return lower.includes(value);
    case "not_contains":
      return !lower.includes(value);
    case "eq":
      return lower === value;
    case "not_eq":
      return lower !== value;
  }
}

/**
 * A rule's tests one at a time: the generator pauses after each test so a caller can let other
 * work run between them; it returns whether the rule matched.
 */
export function* ruleSteps(
  rule: ActionRule,
  subject: MatchSubject,
  budget: MatchBudget,
): Generator<void, boolean> {
  if (rule.disabled) return false;
  const groups = conditionGroups(rule);
  // A rule without tests applies to every entry (as "all entries" does in the editor).
  if (groups.length === 0) return true;
  for (const group of groups) {
    let all = true;
    for (const test of group) {
      const holds = testMatches(subject, test, budget);
      yield;
      if (!holds) {
        all = false;
        break;
      }
    }
    if (all) return true;
  }
  return false;
}

/** Runs a generator to its end without pausing. */
function finish<T>(steps: Generator<void, T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

export function ruleMatches(
  rule: ActionRule,
  subject: MatchSubject,
  budget: MatchBudget = matchBudget(),
): boolean {
  return finish(ruleSteps(rule, subject, budget));
}

/** The results of every matching rule, merged (flags or-ed, rewrites and webhooks joined). */
export function matchRules(
  rules: readonly ActionRule[],
  subject: MatchSubject,
  budget: MatchBudget = matchBudget(),
): ActionResult | null {
  return finish(matchRulesSteps(rules, subject, budget));
}

/** matchRules one test at a time (see ruleSteps): all of a user's rules share one budget. */
export function* matchRulesSteps(
  rules: readonly ActionRule[],
  subject: MatchSubject,
  budget: MatchBudget,
): Generator<void, ActionResult | null> {
  let merged:
    | {
        -readonly [K in keyof ActionResult]: ActionResult[K];
      }
    | null = null;
  for (const rule of rules) {
    if (!(yield* ruleSteps(rule, subject, budget))) continue;
    merged ??= {};
    for (const [key, value] of Object.entries(rule.result ?? {}) as [
      keyof ActionResult,
      unknown,
    ][]) {
      if (key === "rewriteRules" || key === "webhooks") {
        const list = [...((merged[key] as unknown[] | undefined) ?? []), ...(value as unknown[])];
        (merged as Record<string, unknown>)[key] = list;
      } else if (key === "tags") {
        // Each tag once, whichever rules name it.
        const tags = new Set([...(merged.tags ?? []), ...(value as string[])]);
        merged.tags = [...tags];
      } else if (value === true) {
        (merged as Record<string, unknown>)[key] = true;
      }
    }
  }
  return merged;
}

/** Applies rewrite rules (plain find/replace, every occurrence) to content. */
export function rewrite(content: string, rules: readonly { from: string; to: string }[]): string {
  let out = content;
  for (const { from, to } of rules) if (from) out = out.split(from).join(to);
  return out;
}

/**
 * Why a pattern is refused, or null. Patterns are RE2 syntax (matched in time linear in the
 * text, so no pattern can backtrack without end): back-references and lookaround, which RE2
 * cannot match in linear time, are refused with a reason naming them, as are programs larger
 * than MAX_REGEX_PROGRAM.
 */
export function regexProblem(pattern: string): string | null {
  const compiled = compileRegex(pattern);
  return "problem" in compiled ? compiled.problem : null;
}
