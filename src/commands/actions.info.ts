import type { ActionRule } from "../../contract/actions.ts";
import { commandInfo } from "./types.ts";

/** Action rules as the Actions page runs them (no Effect): the page gives the rules. */

export const saveRulesInfo = commandInfo({
  name: "actions.save",
  conflict: {
    rule: "last-write-wins",
    because:
      "The whole rule set: the one received last replaces the other device's rules entirely.",
  },
  keywords: ["rules", "actions", "filters"],
  fromContext: (_context, input?: { rules: readonly ActionRule[] }) =>
    input ? { rules: [...input.rules] } : undefined,
});

export const applyRulesInfo = commandInfo({
  name: "actions.applyToRecent",
  conflict: {
    rule: "server-decides",
    because: "Applies the rules the server holds when it arrives to the entries it holds then.",
  },
  keywords: ["rules", "actions", "apply"],
  fromContext: (_context, input?: { days: number }) => (input ? { days: input.days } : undefined),
});
