import { Schema } from "effect";
import { ActionRules } from "../actions.ts";
import { Envelope, endpoint, NoRequest, Ok } from "./endpoint.ts";
import { routes } from "./info.ts";

/** The user's action rules: `{rules: [{name, condition, result}]}`. */
export const get = endpoint(routes.actions.get, {
  request: NoRequest,
  response: Envelope(ActionRules),
});

/**
 * Replaces the rules: more than 50 is 12000; a regex RE2 cannot compile (a back-reference,
 * lookaround, an atomic group, a program over 300 instructions) is 1002 with the rule and a
 * reason naming what is unsupported.
 */
export const put = endpoint(routes.actions.put, {
  request: ActionRules,
  response: Ok,
});

/** Applies the rules now to the user's entries of the last `days` days (default 7). */
export const apply = endpoint(routes.actions.apply, {
  request: Schema.Struct({
    days: Schema.optional(
      Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: 30 })),
    ),
  }),
  response: Envelope(Schema.Struct({ matched: Schema.Number })),
});
