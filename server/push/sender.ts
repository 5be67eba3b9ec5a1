import type { DatabaseHandle } from "../db/connect.ts";
import type { Fetcher } from "../ingest/guarded-fetch.ts";
import type { Logger } from "../logger.ts";
import { countPush } from "../metrics/hooks.ts";
import { forgetPushEndpoint, listPushSubscriptions } from "../storage/push-subscriptions.ts";
import type { VapidKeys } from "./vapid.ts";

/** What a notification carries to the service worker (public/push-sw.js shows it). */
export interface PushPayload {
  title: string;
  body: string;
  /** The app page the notification opens. */
  url: string;
  tag?: string;
}

/** A day: a notification about a new entry is not worth delivering later than that. */
const TTL_SECONDS = 86_400;
/** Push service answers read at most (they are short). */
const MAX_ANSWER_BYTES = 16_384;

/**
 * Sends Web Push messages: the payload encrypted for each browser (aes128gcm, RFC 8291) and
 * signed with the server's VAPID key by `web-push`, then POSTed through the guarded fetcher,
 * whose address policy applies to push services as to any outside URL. A 404 or 410 means the
 * browser unsubscribed: its registration is dropped.
 */
// web-push and its ASN.1/bignum stack are loaded by the first notification, not at start.
// A CommonJS module: its exports object is the namespace's default.
type WebPush = { default: typeof import("web-push") };
let webPush: Promise<WebPush> | undefined;
const loadWebPush = () => (webPush ??= import("web-push") as unknown as Promise<WebPush>);

export function createPushSender(deps: {
  database: DatabaseHandle;
  fetcher: Fetcher;
  vapid: VapidKeys;
  logger: Logger;
}) {
  const { database, fetcher, vapid, logger } = deps;

  async function sendOne(
    subscription: { endpoint: string; p256dh: string; auth: string },
    payload: PushPayload,
  ): Promise<boolean> {
    const { default: webpush } = await loadWebPush();
    try {
      // Inside the try: a registration stored before keys were checked may not encrypt.
      const details = webpush.generateRequestDetails(
        {
          endpoint: subscription.endpoint,
          keys: { p256dh: subscription.p256dh, auth: subscription.auth },
        },
        JSON.stringify(payload),
        {
          vapidDetails: vapid,
          TTL: TTL_SECONDS,
          ...(payload.tag ? { topic: topicOf(payload.tag) } : {}),
        },
      );
      const answer = await fetcher.send(details.endpoint, {
        method: "POST",
        headers: details.headers as Record<string, string>,
        body: details.body as Buffer,
      });
      let read = 0;
      for await (const chunk of answer.body) {
        read += chunk.length;
        if (read > MAX_ANSWER_BYTES) break;
      }
      if (answer.status === 404 || answer.status === 410) {
        await forgetPushEndpoint(database, subscription.endpoint);
        countPush("gone");
        return false;
      }
      if (answer.status < 200 || answer.status >= 300) {
        logger.warn({ status: answer.status }, "push service refused a message");
        countPush("refused");
        return false;
      }
      countPush("sent");
      return true;
    } catch (error) {
      logger.warn({ err: error }, "push message not delivered");
      countPush("failed");
      return false;
    }
  }

  return {
    publicKey: vapid.publicKey,
    /** Sends to every browser of the user (or the one given); answers how many took it. */
    async sendToUser(userId: string, payload: PushPayload, onlyId?: string): Promise<number> {
      const subscriptions = (await listPushSubscriptions(database, userId)).filter(
        (row) => !onlyId || row.id === onlyId,
      );
      // Each browser on its own: one that fails never keeps the message from the others.
      const sent = await Promise.allSettled(subscriptions.map((row) => sendOne(row, payload)));
      return sent.filter((result) => result.status === "fulfilled" && result.value).length;
    },
  };
}

export type PushSender = ReturnType<typeof createPushSender>;

/** The Topic header allows 32 URL-safe characters. */
function topicOf(tag: string): string {
  return tag.replace(/[^A-Za-z0-9_-]/g, "").slice(0, 32) || "entry";
}
