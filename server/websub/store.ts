import type { Kysely } from "kysely";
import type { DatabaseHandle } from "../db/connect.ts";

/** pending: asked, not verified; active: verified, lease running; silent: the hub stopped
 * delivering (polling took over); denied: the hub refused; unsubscribing: nobody follows the
 * feed any more and the hub was asked to stop. */
export type WebSubState = "pending" | "active" | "silent" | "denied" | "unsubscribing";

export interface WebSubRow {
  id: string;
  feed_id: string;
  hub: string;
  topic: string;
  secret: string;
  state: WebSubState;
  requested_at: string;
  verified_at: string | null;
  lease_until: string | null;
  last_push_at: string | null;
  error: string | null;
}

/** The websub_subscription table (migrations/server/0033_websub.ts). */
export function websubTable(database: DatabaseHandle) {
  return database.db as unknown as Kysely<{ websub_subscription: WebSubRow }>;
}

export async function findWebSub(database: DatabaseHandle, id: string) {
  return websubTable(database)
    .selectFrom("websub_subscription")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
}

export async function findWebSubOfFeed(database: DatabaseHandle, feedId: string) {
  return websubTable(database)
    .selectFrom("websub_subscription")
    .selectAll()
    .where("feed_id", "=", feedId)
    .executeTakeFirst();
}

export async function updateWebSub(
  database: DatabaseHandle,
  id: string,
  set: Partial<Omit<WebSubRow, "id" | "feed_id">>,
) {
  await websubTable(database)
    .updateTable("websub_subscription")
    .set(set)
    .where("id", "=", id)
    .execute();
}

export async function deleteWebSub(database: DatabaseHandle, id: string) {
  await websubTable(database).deleteFrom("websub_subscription").where("id", "=", id).execute();
}
