import { Schema } from "effect";
import { ActionRule } from "../../../contract/actions.ts";
import { defineEvent } from "../event-definition.ts";

/**
 * The whole list of the person's action rules, as saved. No local table: until the server has
 * them, they are read from the event log itself (src/queries/actions.ts).
 */
export const ActionRulesSaved = defineEvent(
  "ActionRulesSaved",
  1,
  Schema.Struct({ rules: Schema.Array(ActionRule) }),
  () => [],
);

export const actionEvents = [ActionRulesSaved] as const;
