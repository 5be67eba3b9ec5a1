import { endpointInfo } from "../../../contract/api/info.ts";
import type { ApiFetch } from "../../api/client.ts";

/**
 * This browser and Web Push (loaded on demand, only where push is used): whether it can receive pushes, its
 * subscription for the server's VAPID key (asking permission first), and the devices the
 * server knows for the user.
 */
export function pushSupported(target: typeof globalThis = globalThis): boolean {
  return "serviceWorker" in target.navigator && "PushManager" in target && "Notification" in target;
}

/** The push subscription of this browser, made if needed; null when permission is refused. */
export async function subscribeThisBrowser(api: ApiFetch) {
  if ((await Notification.requestPermission()) !== "granted") return null;
  const registration = await navigator.serviceWorker.ready;
  const { data } = await api.call(endpointInfo.push.key, {});
  const existing = await registration.pushManager.getSubscription();
  const subscription =
    existing ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: base64UrlBytes(data.publicKey),
    }));
  const json = subscription.toJSON();
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) return null;
  return {
    endpoint: json.endpoint,
    keys: { p256dh: json.keys.p256dh, auth: json.keys.auth },
    name: deviceName(),
  };
}

export async function listDevices(api: ApiFetch) {
  const { data } = await api.call(endpointInfo.push.list, {}, { silent: true });
  return data;
}

function deviceName(): string {
  const agent = navigator.userAgent;
  const browser = /Edg\//.test(agent)
    ? "Edge"
    : /Firefox\//.test(agent)
      ? "Firefox"
      : /Chrome\//.test(agent)
        ? "Chrome"
        : /Safari\//.test(agent)
          ? "Safari"
          : "Browser";
  const system = /Windows/.test(agent)
    ? "Windows"
    : /Mac OS X/.test(agent)
      ? "macOS"
      : /Android/.test(agent)
        ? "Android"
        : /Linux/.test(agent)
          ? "Linux"
          : /iPhone|iPad/.test(agent)
            ? "iOS"
            : "";
  return system ? `${browser} on ${system}` : browser;
}

function base64UrlBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
