import * as push from "../../contract/api/push.ts";
import { registerDeviceInfo, removeDeviceInfo, sendTestInfo } from "./push.info.ts";
import { defineCommand } from "./types.ts";

/**
 * Browser registrations live on the server only (the page lists them from there): these
 * commands change nothing locally, and go through the outbox for its retries and idempotency.
 */
export const registerDevice = defineCommand(registerDeviceInfo, {
  payload: push.subscribe.request,
  apply: () => [],
  sync: (payload, api) => api.call(push.subscribe, payload),
});

export const removeDevice = defineCommand(removeDeviceInfo, {
  payload: push.unsubscribe.request,
  apply: () => [],
  sync: (payload, api) => api.call(push.unsubscribe, payload),
});

export const sendTest = defineCommand(sendTestInfo, {
  payload: push.test.request,
  apply: () => [],
  sync: (payload, api) => api.call(push.test, payload),
});
