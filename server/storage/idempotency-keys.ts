import type { DatabaseHandle } from "../db/connect.ts";
import type { Database } from "../db/schema.ts";
import { nowIso } from "./time.ts";

/** `status` of a key whose first request has not answered yet. */
export const IN_FLIGHT = 0;

export type StoredKey = Database["idempotency_key"];

export interface KeyRequest {
  userId: string;
  key: string;
  method: string;
  path: string;
  /** SHA-256 of method, path with query, and body: which request the key was used for. */
  hash: string;
}

export interface Lease {
  /** The server instance (stable across its restarts) running the request. */
  owner: string;
  /** This one claim: only its holder records the answer or gives the key up. */
  token: string;
  leaseMs: number;
}

export type Claim = { claimed: true } | { claimed: false; stored: StoredKey };

/**
 * Takes the key for one request: a new key, or one left in flight past its deadline (its holder
 * died or hung; the write runs in a transaction, so nothing of it stayed half-done). Otherwise
 * the stored row: an answer to replay, or a lease somebody still holds.
 */
export async function claimKey(
  database: DatabaseHandle,
  request: KeyRequest,
  lease: Lease,
): Promise<Claim> {
  // A row may vanish between the insert and the read (its holder failed with a 5xx and gave it
  // up): then the insert is tried again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const now = Date.now();
    const leaseFields = {
      lease_owner: lease.owner,
      lease_token: lease.token,
      lease_until: new Date(now + lease.leaseMs).toISOString(),
    };
    const inserted = await database.db
      .insertInto("idempotency_key")
      .values({
        user_id: request.userId,
        key: request.key,
        method: request.method,
        path: request.path,
        request_hash: request.hash,
        status: IN_FLIGHT,
        body: "",
        created_at: nowIso(() => now),
        ...leaseFields,
      })
      .onConflict((oc) => oc.columns(["user_id", "key"]).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return { claimed: true };

    // One UPDATE decides between concurrent retries of an expired lease: one of them wins. Only
    // the same request takes it over.
    const takenOver = await database.db
      .updateTable("idempotency_key")
      .set({ ...leaseFields, request_hash: request.hash })
      .where("user_id", "=", request.userId)
      .where("key", "=", request.key)
      .where("method", "=", request.method)
      .where("path", "=", request.path)
      .where((eb) => eb.or([eb("request_hash", "=", request.hash), eb("request_hash", "is", null)]))
      .where("status", "=", IN_FLIGHT)
      .where((eb) =>
        eb.or([
          eb("lease_until", "is", null),
          eb(
            "lease_until",
            "<",
            nowIso(() => now),
          ),
        ]),
      )
      .executeTakeFirst();
    if (Number(takenOver.numUpdatedRows) > 0) return { claimed: true };

    const stored = await database.db
      .selectFrom("idempotency_key")
      .selectAll()
      .where("user_id", "=", request.userId)
      .where("key", "=", request.key)
      .executeTakeFirst();
    if (stored) return { claimed: false, stored };
  }
  throw new Error(`Idempotency-Key ${request.key} kept changing hands`);
}

/** Stores the answer every replay gets, if this claim still holds the key. */
export async function recordAnswer(
  database: DatabaseHandle,
  request: KeyRequest,
  token: string,
  answer: { status: number; body: string },
) {
  await database.db
    .updateTable("idempotency_key")
    .set({ ...answer, lease_owner: null, lease_token: null, lease_until: null })
    .where("user_id", "=", request.userId)
    .where("key", "=", request.key)
    .where("lease_token", "=", token)
    .execute();
}

/** Gives the key up (nothing is known to be applied), if this claim still holds it. */
export async function releaseKey(database: DatabaseHandle, request: KeyRequest, token: string) {
  await database.db
    .deleteFrom("idempotency_key")
    .where("user_id", "=", request.userId)
    .where("key", "=", request.key)
    .where("status", "=", IN_FLIGHT)
    .where("lease_token", "=", token)
    .execute();
}

/**
 * At start-up, before serving: the keys a previous run of this instance left in flight (it was
 * killed mid-request) are given up, so their retries run at once instead of waiting out the
 * deadline. `owner: "all"` clears every in-flight key (SQLite: one server process per file).
 * Returns how many were cleared.
 */
export async function clearInFlightKeys(
  database: DatabaseHandle,
  owner: string | "all",
): Promise<number> {
  let query = database.db.deleteFrom("idempotency_key").where("status", "=", IN_FLIGHT);
  if (owner !== "all") query = query.where("lease_owner", "=", owner);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Seconds until a held lease runs out (at least 1): the Retry-After of a "still running". */
export function secondsLeft(stored: StoredKey, now = Date.now()): number {
  const until = stored.lease_until ? Date.parse(stored.lease_until) : now;
  return Math.max(1, Math.ceil((until - now) / 1000));
}
