import { createHmac } from "node:crypto";
import type { DatabaseHandle } from "../db/connect.ts";
import type { Fetcher } from "../ingest/guarded-fetch.ts";
import type { Logger } from "../logger.ts";
import type { PushSender } from "../push/sender.ts";
import { toEntryModel, toFeedModel } from "../storage/mappers.ts";
import type { ActionOutcome } from "./apply-actions.ts";

/**
 * What action rules ask for beyond the database, done after the entries are committed: push
 * notifications to the user's browsers, and webhooks (the entry POSTed as JSON, signed with
 * HMAC-SHA256, retried with backoff, through the guarded fetcher). Registered per database
 * handle, so each server in a process (tests run several) delivers its own.
 */
export type ActionEffects = (outcome: ActionOutcome) => Promise<void>;

const handlers = new WeakMap<DatabaseHandle, ActionEffects>();

export function handleActionEffects(database: DatabaseHandle, effects: ActionEffects) {
  handlers.set(database, effects);
}

/** Hands the outcome of a store to its server's effects, without holding up ingestion. */
export function deliverActionEffects(database: DatabaseHandle, outcome: ActionOutcome): void {
  if (outcome.notifications.length === 0 && outcome.webhooks.length === 0) return;
  const effects = handlers.get(database);
  if (effects) void effects(outcome).catch(() => {});
}

const WEBHOOK_ATTEMPTS = 3;
const WEBHOOK_BACKOFF_MS = 1_000;

export function createActionEffects(deps: {
  database: DatabaseHandle;
  fetcher: Fetcher;
  push: PushSender;
  webhookSecret: string;
  logger: Logger;
  sleep?: (ms: number) => Promise<void>;
}): ActionEffects {
  const { database, fetcher, push, logger } = deps;
  const sleep = deps.sleep ?? ((ms: number) => new Promise((done) => setTimeout(done, ms)));

  async function entryWithFeed(entryId: string) {
    return database.db
      .selectFrom("entry")
      .innerJoin("feed", "feed.id", "entry.feed_id")
      .selectAll("entry")
      .select([
        "feed.url as f_url",
        "feed.title as f_title",
        "feed.description as f_description",
        "feed.image as f_image",
        "feed.site_url as f_site_url",
      ])
      .where("entry.id", "=", entryId)
      .executeTakeFirst();
  }

  async function notify(userId: string, entryId: string) {
    const row = await entryWithFeed(entryId);
    if (!row) return;
    const subscription = await database.db
      .selectFrom("subscription")
      .select(["view", "title"])
      .where("user_id", "=", userId)
      .where("feed_id", "=", row.feed_id)
      .executeTakeFirst();
    await push.sendToUser(userId, {
      title: subscription?.title ?? row.f_title ?? "Follow",
      body: row.title ?? row.description ?? "",
      url: `/timeline/view-${subscription?.view ?? 0}/${row.feed_id}/${row.id}`,
      tag: row.id,
    });
  }

  async function webhook(userId: string, entryId: string, url: string) {
    const row = await entryWithFeed(entryId);
    if (!row) return;
    const body = JSON.stringify({
      event: "entry.created",
      entry: toEntryModel(row, true),
      feed: toFeedModel({
        id: row.feed_id,
        url: row.f_url,
        title: row.f_title,
        description: row.f_description,
        image: row.f_image,
        site_url: row.f_site_url,
        owner_user_id: null,
        error_at: null,
        error_message: null,
        language: null,
      } as Parameters<typeof toFeedModel>[0]),
    });
    const timestamp = String(Math.floor(Date.now() / 1000));
    // Keyed per user: one user's receiver cannot forge another's deliveries.
    const key = createHmac("sha256", deps.webhookSecret).update(`webhook:${userId}`).digest();
    const signature = createHmac("sha256", key).update(`${timestamp}.${body}`).digest("hex");
    for (let attempt = 1; attempt <= WEBHOOK_ATTEMPTS; attempt++) {
      try {
        const answer = await fetcher.send(url, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "x-follow-event": "entry.created",
            "x-follow-timestamp": timestamp,
            "x-follow-signature": `sha256=${signature}`,
          },
          body,
        });
        for await (const _chunk of answer.body) {
          // Drained so the connection can be reused; the answer itself is not read.
        }
        if (answer.status < 400) return;
        if (answer.status !== 429 && answer.status < 500) {
          logger.warn({ status: answer.status }, "webhook refused");
          return;
        }
      } catch (error) {
        logger.warn({ err: error, attempt }, "webhook not delivered");
      }
      if (attempt < WEBHOOK_ATTEMPTS) await sleep(WEBHOOK_BACKOFF_MS * 2 ** (attempt - 1));
    }
  }

  return async (outcome) => {
    const jobs = [
      ...outcome.notifications.map(({ userId, entryId }) => notify(userId, entryId)),
      ...outcome.webhooks.map(({ userId, entryId, url }) => webhook(userId, entryId, url)),
    ];
    const results = await Promise.allSettled(jobs);
    for (const result of results) {
      if (result.status === "rejected") logger.warn({ err: result.reason }, "action effect failed");
    }
  };
}
