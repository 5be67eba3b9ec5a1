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

/** Registers a browser (or moves it to this user: an endpoint belongs to one browser). */
export async function addPushSubscription(
  database: DatabaseHandle,
  userId: string,
  input: NewPushSubscription,
): Promise<string> {
  const id = nextEntityId();
  await database.db.transaction().execute(async (trx) => {
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
  });
  return id;
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
