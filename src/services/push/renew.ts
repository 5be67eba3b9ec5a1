import { endpointInfo } from "../../../contract/api/info.ts";
import type { ApiFetch } from "../../api/client.ts";

/**
 * The start-up push registration (the sequence's last step): a browser that already allowed
 * notifications and holds a subscription tells the server again (the server keys it by
 * endpoint, so this is idempotent, and it follows the browser to whoever signed in). Loaded
 * dynamically; never asks for permission itself.
 */
export async function renewPushRegistration(api: ApiFetch): Promise<void> {
  if (typeof Notification === "undefined" || Notification.permission !== "granted") return;
  const registration = await navigator.serviceWorker.getRegistration();
  const json = (await registration?.pushManager.getSubscription())?.toJSON();
  if (!json?.endpoint || !json.keys?.p256dh || !json.keys.auth) return;
  await api.call(
    endpointInfo.push.subscribe,
    { endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } },
    { silent: true },
  );
}
