import { endpointInfo } from "../../../contract/api/info.ts";
import type { ApiFetch } from "../../api/client.ts";

/** The user's own provider as the server describes it (never its key), or null. */
export async function fetchOwnProvider(api: ApiFetch) {
  const { data } = await api.call(endpointInfo.ai.provider, {}, { silent: true });
  return data ? { ...data } : null;
}
