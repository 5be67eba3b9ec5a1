import type { ActionRule } from "../../contract/actions.ts";
import { endpointInfo } from "../../contract/api/info.ts";
import type { ApiFetch } from "../api/client.ts";

/** The rules the server holds for the user (the Actions page reads them on open). */
export async function fetchActionRules(api: ApiFetch): Promise<ActionRule[]> {
  const answer = await api.call(endpointInfo.actions.get, {});
  return answer.data.rules.map((rule) => structuredClone(rule) as ActionRule);
}
