import { createHash, timingSafeEqual } from "node:crypto";
import type { DatabaseHandle } from "../db/connect.ts";
import { nextEntityId } from "./ids.ts";
import { nowIso } from "./time.ts";

/** Browsers registered for a user's push notifications at most. */
export const MAX_PUSH_SUBSCRIPTIONS = 20;

export interface NewPushSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  name?: string | undefined;
}

/**
 * Registers a browser. An endpoint belongs to one browser, and so to one registration: it moves
 * to this user only when the request carries the same keys as the registration it has (that
 * browser, now signed in as someone else); another account's endpoint with other keys stays
 * theirs, and the answer is "taken".
 */
export async function addPushSubscription(
  database: DatabaseHandle,
  userId: string,
  input: NewPushSubscription,
): Promise<{ id: string } | { taken: true }> {
  const id = nextEntityId();
  return database.db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom("push_subscription")
      .select(["user_id", "p256dh", "auth"])
      .where("endpoint", "=", input.endpoint)
      .executeTakeFirst();
    if (existing && existing.user_id !== userId && !sameKeys(existing, input.keys)) {
      return { taken: true as const };
    }
    await trx.deleteFrom("push_subscription").where("endpoint", "=", input.endpoint).execute();
    await trx
      .insertInto("push_subscription")
      .values({
        id,
        user_id: userId,
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        name: input.name ?? null,
        created_at: nowIso(),
      })
      .execute();
    // The oldest registrations go past the cap (browsers that were reset or thrown away).
    const extra = await trx
      .selectFrom("push_subscription")
      .select("id")
      .where("user_id", "=", userId)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .offset(MAX_PUSH_SUBSCRIPTIONS)
      .limit(1000)
      .execute();
    if (extra.length > 0) {
      await trx
        .deleteFrom("push_subscription")
        .where(
          "id",
          "in",
          extra.map((row) => row.id),
        )
        .execute();
    }
    return { id };
  });
}

/** Whether a request carries a registration's keys (the auth secret compared in constant time). */
function sameKeys(row: { p256dh: string; auth: string }, keys: { p256dh: string; auth: string }) {
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return row.p256dh === keys.p256dh && timingSafeEqual(digest(row.auth), digest(keys.auth));
}

export async function listPushSubscriptions(database: DatabaseHandle, userId: string) {
  return database.db
    .selectFrom("push_subscription")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .execute();
}

/** Removes one of the user's browsers, by id or endpoint; another user's stays. */
export async function removePushSubscription(
  database: DatabaseHandle,
  userId: string,
  which: { id?: string | undefined; endpoint?: string | undefined },
) {
  let query = database.db.deleteFrom("push_subscription").where("user_id", "=", userId);
  if (which.id) query = query.where("id", "=", which.id);
  else if (which.endpoint) query = query.where("endpoint", "=", which.endpoint);
  else return;
  await query.execute();
}

/** Drops a subscription the push service says is gone (404/410). */
export async function forgetPushEndpoint(database: DatabaseHandle, endpoint: string) {
  await database.db.deleteFrom("push_subscription").where("endpoint", "=", endpoint).execute();
}
