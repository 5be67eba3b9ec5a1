import { Schema } from "effect";
import { ActionRules } from "../../contract/actions.ts";
import * as actions from "../../contract/api/actions.ts";
import { applyRulesInfo, saveRulesInfo } from "./actions.info.ts";
import { event } from "./events.ts";
import { defineCommand } from "./types.ts";

/**
 * The user's action rules, saved whole (PUT actions). The event holds them until the server
 * confirms; a refusal (a bad regex, too many rules) drops it and the page shows the server's.
 */
export const save = defineCommand(saveRulesInfo, {
  payload: ActionRules,
  apply: (payload) => [event("ActionRulesSaved", { rules: [...payload.rules] })],
  sync: (payload, api) => api.call(actions.put, payload),
});

/** Runs the rules on the entries of the last days, on the server (stars, reads, hides). */
export const applyToRecent = defineCommand(applyRulesInfo, {
  payload: Schema.Struct({
    days: actions.apply.request.fields.days.pipe(Schema.decodeTo(Schema.Number)),
  }),
  apply: () => [],
  sync: (payload, api) => api.call(actions.apply, payload),
  refreshAfterSync: true,
});
