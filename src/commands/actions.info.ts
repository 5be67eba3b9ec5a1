import type { ActionRule } from "../../contract/actions.ts";
import { commandInfo } from "./types.ts";

/** Action rules as the Actions page runs them (no Effect): the page gives the rules. */

export const saveRulesInfo = commandInfo({
  name: "actions.save",
  keywords: ["rules", "actions", "filters"],
  fromContext: (_context, input?: { rules: readonly ActionRule[] }) =>
    input ? { rules: [...input.rules] } : undefined,
});

export const applyRulesInfo = commandInfo({
  name: "actions.applyToRecent",
  keywords: ["rules", "actions", "apply"],
  fromContext: (_context, input?: { days: number }) => (input ? { days: input.days } : undefined),
});
