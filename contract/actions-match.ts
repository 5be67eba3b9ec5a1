import type { ActionCondition, ActionResult, ActionRule } from "./actions.ts";

/**
 * Matching entries against action rules: pure, shared by the server (at ingest) and the
 * client (the rule editor's live preview). Outside text is bounded before any regex sees it,
 * and patterns that can backtrack catastrophically are refused when rules are saved.
 */
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

/** Text a test reads at most: a regex never scans more than this. */
export const MATCH_TEXT_LIMIT = 20_000;

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

const regexCache = new Map<string, RegExp | null>();

function compiled(pattern: string): RegExp | null {
  let regex = regexCache.get(pattern);
  if (regex === undefined) {
    regex = regexProblem(pattern) === null ? new RegExp(pattern, "iu") : null;
    if (regexCache.size > 500) regexCache.clear();
    regexCache.set(pattern, regex);
  }
  return regex;
}

export function testMatches(subject: MatchSubject, test: ActionCondition): boolean {
  const raw = fieldValue(subject, test);
  if (test.operator === "gt" || test.operator === "lt") {
    const left = typeof raw === "number" ? raw : Number(raw);
    const right = Number(test.value);
    if (!Number.isFinite(left) || !Number.isFinite(right)) return false;
    return test.operator === "gt" ? left > right : left < right;
  }
  const text = (raw === null ? "" : String(raw)).slice(0, MATCH_TEXT_LIMIT);
  const lower = text.toLowerCase();
  const value = test.value.toLowerCase();
  switch (test.operator) {
    case "contains":
      return lower.includes(value);
    case "not_contains":
      return !lower.includes(value);
    case "eq":
      return lower === value;
    case "not_eq":
      return lower !== value;
    case "regex":
      return compiled(test.value)?.test(text) ?? false;
  }
}

export function ruleMatches(rule: ActionRule, subject: MatchSubject): boolean {
  if (rule.disabled) return false;
  const groups = conditionGroups(rule);
  // A rule without tests applies to every entry (as "all entries" does in the editor).
  if (groups.length === 0) return true;
  return groups.some((group) => group.every((test) => testMatches(subject, test)));
}

/** The results of every matching rule, merged (flags or-ed, rewrites and webhooks joined). */
export function matchRules(
  rules: readonly ActionRule[],
  subject: MatchSubject,
): ActionResult | null {
  let merged:
    | {
        -readonly [K in keyof ActionResult]: ActionResult[K];
      }
    | null = null;
  for (const rule of rules) {
    if (!ruleMatches(rule, subject)) continue;
    merged ??= {};
    for (const [key, value] of Object.entries(rule.result) as [keyof ActionResult, unknown][]) {
      if (key === "rewriteRules" || key === "webhooks") {
        const list = [...((merged[key] as unknown[] | undefined) ?? []), ...(value as unknown[])];
        (merged as Record<string, unknown>)[key] = list;
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
 * Why a pattern is refused, or null: it must compile, and must not nest quantifiers (like
 * `(a+)+` or `(.*)*`) nor use back-references: the shapes that backtrack exponentially.
 */
export function regexProblem(pattern: string): string | null {
  try {
    new RegExp(pattern, "iu");
  } catch (error) {
    return `invalid regular expression: ${(error as Error).message}`;
  }
  if (/\\[1-9]|\\k</.test(pattern)) return "back-references are not allowed";
  // A group that contains a quantifier and is itself quantified.
  const stack: boolean[] = [];
  let quantifiedInside = false;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]!;
    if (char === "\\") {
      i++;
      continue;
    }
    if (char === "[") {
      const end = pattern.indexOf("]", i + 1);
      i = end < 0 ? pattern.length : end;
      continue;
    }
    if (char === "(") {
      stack.push(quantifiedInside);
      quantifiedInside = false;
    } else if (char === ")") {
      const inner = quantifiedInside;
      quantifiedInside = stack.pop() ?? false;
      const next = pattern[i + 1];
      const quantified = next === "*" || next === "+" || next === "{" || next === "?";
      if (inner && quantified && next !== "?") return "nested quantifiers can take forever";
      if (inner || quantified) quantifiedInside = true;
    } else if (char === "*" || char === "+" || char === "{") {
      quantifiedInside = true;
    }
  }
  return null;
}
