import { Schema } from "effect";
import { ACTION_FIELDS, ACTION_OPERATORS } from "./action-fields.ts";
import { TagName } from "./entities/entry-tag.ts";

/**
 * Actions: rules a user writes, applied to each new entry of their subscriptions at ingest
 * (the actions API): a condition (one list of tests, all must hold; or a list of such lists,
 * any may hold) and a result (flags the entry gets for this user, plus rewrites and webhooks).
 */

export {
  ACTION_FIELDS,
  ACTION_OPERATORS,
  type ActionField,
  type ActionOperator,
} from "./action-fields.ts";

/** Rules per user at most (more is 12000, "Action limit exceeded"). */
export const MAX_ACTION_RULES = 50;
/** Tests per rule at most, across its groups. */
export const MAX_RULE_TESTS = 30;

const Text = (max: number) => Schema.String.check(Schema.isMaxLength(max));

export const ActionCondition = Schema.Struct({
  field: Schema.Literals(ACTION_FIELDS),
  operator: Schema.Literals(ACTION_OPERATORS),
  value: Text(500),
});
export type ActionCondition = typeof ActionCondition.Type;

export const RewriteRule = Schema.Struct({ from: Text(500), to: Text(2_000) });
export type RewriteRule = typeof RewriteRule.Type;

const resultFlags = {
  translation: Schema.optional(Schema.Boolean),
  summary: Schema.optional(Schema.Boolean),
  readability: Schema.optional(Schema.Boolean),
  sourceContent: Schema.optional(Schema.Boolean),
  /** Marked read on arrival. */
  silence: Schema.optional(Schema.Boolean),
  /** Hidden from the user's timelines. */
  block: Schema.optional(Schema.Boolean),
  star: Schema.optional(Schema.Boolean),
  /** A push notification to the user's devices (Web Push). */
  newEntryNotification: Schema.optional(Schema.Boolean),
  /** Find/replace (plain text) in the entry's content, for this user. */
  rewriteRules: Schema.optional(Schema.Array(RewriteRule).check(Schema.isMaxLength(10))),
};

/** The flags an entry carries for a user once rules matched it (the `settings` of list items). */
export const EntryActionSettings = Schema.Struct(resultFlags);
export type EntryActionSettings = {
  -readonly [K in keyof typeof EntryActionSettings.Type]: (typeof EntryActionSettings.Type)[K];
};

export const ActionResult = Schema.Struct({
  ...resultFlags,
  /** URLs the entry is POSTed to as JSON (signed), through the guarded fetcher. */
  webhooks: Schema.optional(Schema.Array(Text(2_000)).check(Schema.isMaxLength(5))),
  /** Drops an entry from other feeds with the same URL or title within a day (first kept). */
  dedupe: Schema.optional(Schema.Boolean),
  /** Tags the entry carries for this user, as if they had tagged it. */
  tags: Schema.optional(Schema.Array(TagName).check(Schema.isMaxLength(5))),
});
export type ActionResult = typeof ActionResult.Type;

export const ActionRule = Schema.Struct({
  name: Text(100),
  condition: Schema.Union([
    Schema.Array(ActionCondition),
    Schema.Array(Schema.Array(ActionCondition)),
  ]),
  result: ActionResult,
  disabled: Schema.optional(Schema.Boolean),
});
export type ActionRule = typeof ActionRule.Type;

export const ActionRules = Schema.Struct({ rules: Schema.Array(ActionRule) });
export type ActionRules = typeof ActionRules.Type;
