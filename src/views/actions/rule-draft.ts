import type {
  ActionCondition,
  ActionField,
  ActionOperator,
  ActionResult,
  ActionRule,
} from "../../../contract/actions.ts";
import { conditionGroups } from "../../../contract/actions-match.ts";

/**
 * A rule as the editor holds it: its tests in one list with "all" or "any" (the API's
 * condition: one list, all must hold; or a list of one-test lists, any may hold).
 */
export interface RuleDraft {
  /** For React lists only; never sent. */
  key: number;
  name: string;
  match: "all" | "any";
  tests: { key: number; field: ActionField; operator: ActionOperator; value: string }[];
  result: ActionResult;
  disabled: boolean;
}

let nextKey = 1;
/** A key for a new row of the editor. */
export const newKey = () => nextKey++;

export function toDraft(rule: ActionRule): RuleDraft {
  const groups = conditionGroups(rule);
  const any = groups.length > 1;
  return {
    key: newKey(),
    name: rule.name,
    match: any ? "any" : "all",
    tests: groups.flat().map((test) => ({ ...test, key: newKey() })),
    result: structuredClone(rule.result) as ActionResult,
    disabled: rule.disabled ?? false,
  };
}

export function fromDraft(draft: RuleDraft): ActionRule {
  const tests: ActionCondition[] = draft.tests.map(({ field, operator, value }) => ({
    field,
    operator,
    value,
  }));
  return {
    name: draft.name.trim() || "Rule",
    condition: draft.match === "any" && tests.length > 1 ? tests.map((test) => [test]) : tests,
    result: draft.result,
    ...(draft.disabled ? { disabled: true } : {}),
  };
}

export function emptyDraft(name: string): RuleDraft {
  return {
    key: newKey(),
    name,
    match: "all",
    tests: [{ key: newKey(), field: "entry_title", operator: "contains", value: "" }],
    result: {},
    disabled: false,
  };
}
