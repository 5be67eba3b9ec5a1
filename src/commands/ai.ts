import * as ai from "../../contract/api/ai.ts";
import { removeProviderInfo, saveProviderInfo } from "./ai.info.ts";
import { defineCommand } from "./types.ts";

/** The provider lives on the server only (its key is never sent back): nothing local changes. */
export const saveProvider = defineCommand(saveProviderInfo, {
  payload: ai.setProvider.request,
  apply: () => [],
  sync: (payload, api) => api.call(ai.setProvider, payload),
});

export const removeProvider = defineCommand(removeProviderInfo, {
  payload: ai.removeProvider.request,
  apply: () => [],
  sync: (payload, api) => api.call(ai.removeProvider, payload),
});
