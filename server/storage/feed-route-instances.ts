import type { SecretBox } from "../crypto/secret-box.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import type { FeedRouteInstanceRow } from "../db/schema.ts";
import { StorageRefusal } from "./errors.ts";
import { nextEntityId } from "./ids.ts";
import { nowIso } from "./time.ts";

/** A person keeps at most this many instances of their own. */
export const MAX_INSTANCES_PER_USER = 10;

/** The sealed key is bound to its owner and row: copied to another row, it does not open. */
const keyContext = (userId: string, id: string) => `${userId}\u0000feed-route-instance\u0000${id}`;

export interface InstanceStatus {
  checkedAt: string;
  reachable: boolean;
  version: string | null;
  latencyMs: number;
  error: string | null;
}

/** An instance with its key opened: only the owner's requests ever get one. */
export interface UsableInstance {
  id: string;
  baseUrl: string;
  accessKey: string | null;
}

export function listInstances(database: DatabaseHandle, userId: string) {
  return database.db
    .selectFrom("feed_route_instance")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/** The owner's instance, or 13003 (another person's looks the same as none). */
export async function ownedInstance(
  database: DatabaseHandle,
  userId: string,
  id: string,
): Promise<FeedRouteInstanceRow> {
  const row = await database.db
    .selectFrom("feed_route_instance")
    .selectAll()
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!row) throw new StorageRefusal(13003, "No such feed-route instance");
  return row;
}

export async function addInstance(
  database: DatabaseHandle,
  box: SecretBox,
  userId: string,
  input: { baseUrl: string; accessKey: string | null },
): Promise<FeedRouteInstanceRow> {
  const mine = await listInstances(database, userId);
  if (mine.some((row) => row.base_url === input.baseUrl))
    throw new StorageRefusal(1002, "This instance is added already");
  if (mine.length >= MAX_INSTANCES_PER_USER)
    throw new StorageRefusal(13004, `At most ${MAX_INSTANCES_PER_USER} instances per person`);
  const id = nextEntityId();
  const row: FeedRouteInstanceRow = {
    id,
    user_id: userId,
    base_url: input.baseUrl,
    access_key: input.accessKey ? box.seal(input.accessKey, keyContext(userId, id)) : null,
    is_default: 0,
    checked_at: null,
    reachable: null,
    version: null,
    latency_ms: null,
    last_error: null,
    created_at: nowIso(),
  };
  await database.db.insertInto("feed_route_instance").values(row).execute();
  return row;
}

/**
 * A new address or key for one of the person's instances (`accessKey` undefined: kept for the
 * same address, refused with a new one; null: removed). Its last check is cleared: it
 * describes the old address or key.
 */
export async function updateInstance(
  database: DatabaseHandle,
  box: SecretBox,
  userId: string,
  id: string,
  input: { baseUrl?: string; accessKey?: string | null },
): Promise<FeedRouteInstanceRow> {
  const row = await ownedInstance(database, userId, id);
  const baseUrl = input.baseUrl ?? row.base_url;
  if (baseUrl !== row.base_url) {
    const mine = await listInstances(database, userId);
    if (mine.some((other) => other.id !== id && other.base_url === baseUrl))
      throw new StorageRefusal(1002, "This instance is added already");
  }
  // The key is sent only to the address it was given for: a new address needs it again.
  if (baseUrl !== row.base_url && input.accessKey === undefined && row.access_key !== null) {
    throw new StorageRefusal(
      1002,
      "send the access key again for a new address (or null to remove it): the saved key is only sent to the address it was given for",
    );
  }
  const accessKey =
    input.accessKey === undefined
      ? row.access_key
      : input.accessKey === null
        ? null
        : box.seal(input.accessKey, keyContext(userId, id));
  const changes = {
    base_url: baseUrl,
    access_key: accessKey,
    checked_at: null,
    reachable: null,
    version: null,
    latency_ms: null,
    last_error: null,
  };
  await database.db
    .updateTable("feed_route_instance")
    .set(changes)
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .execute();
  return { ...row, ...changes };
}

export async function removeInstance(database: DatabaseHandle, userId: string, id: string) {
  await ownedInstance(database, userId, id);
  await database.db
    .deleteFrom("feed_route_instance")
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .execute();
}

/** Makes one of the person's instances their default; null goes back to the server's. */
export async function chooseInstance(database: DatabaseHandle, userId: string, id: string | null) {
  if (id) await ownedInstance(database, userId, id);
  await database.db.transaction().execute(async (trx) => {
    await trx
      .updateTable("feed_route_instance")
      .set({ is_default: 0 })
      .where("user_id", "=", userId)
      .execute();
    if (id)
      await trx
        .updateTable("feed_route_instance")
        .set({ is_default: 1 })
        .where("id", "=", id)
        .where("user_id", "=", userId)
        .execute();
  });
}

export async function recordStatus(database: DatabaseHandle, id: string, status: InstanceStatus) {
  await database.db
    .updateTable("feed_route_instance")
    .set({
      checked_at: status.checkedAt,
      reachable: status.reachable ? 1 : 0,
      version: status.version,
      latency_ms: status.latencyMs,
      last_error: status.error,
    })
    .where("id", "=", id)
    .execute();
}

/** The instance the person chose, key opened, or null when they use the server's. */
export async function chosenInstance(
  database: DatabaseHandle,
  box: SecretBox,
  userId: string,
): Promise<UsableInstance | null> {
  const row = await database.db
    .selectFrom("feed_route_instance")
    .selectAll()
    .where("user_id", "=", userId)
    .where("is_default", "=", 1)
    .executeTakeFirst();
  return row ? usable(box, row) : null;
}

export function usable(box: SecretBox, row: FeedRouteInstanceRow): UsableInstance {
  return {
    id: row.id,
    baseUrl: row.base_url,
    accessKey: row.access_key ? box.open(row.access_key, keyContext(row.user_id, row.id)) : null,
  };
}
