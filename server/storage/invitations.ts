import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { DatabaseHandle } from "../db/connect.ts";

export interface InvitationRow {
  code: string;
  owner_user_id: string;
  created_at: string;
  used_by_user_id: string | null;
  used_at: string | null;
}

/** 10 characters from an alphabet without look-alikes (0/O, 1/I/l): about 50 bits. */
const ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
export function newInvitationCode(): string {
  const bytes = randomBytes(10);
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join("");
}

export function listInvitations(database: DatabaseHandle, ownerId: string) {
  return database.db
    .selectFrom("invitation")
    .selectAll()
    .where("owner_user_id", "=", ownerId)
    .orderBy("created_at", "desc")
    .execute();
}

export async function countInvitations(database: DatabaseHandle, ownerId: string) {
  const row = await database.db
    .selectFrom("invitation")
    .select(sql<number>`count(*)`.as("n"))
    .where("owner_user_id", "=", ownerId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function insertInvitation(database: DatabaseHandle, row: InvitationRow) {
  await database.db.insertInto("invitation").values(row).execute();
}

/**
 * Marks the code used by `userId` and makes them a plain user, in one transaction: the update
 * only takes an unused code, so two people racing for one code cannot both get it.
 */
export async function redeemInvitation(
  database: DatabaseHandle,
  code: string,
  userId: string,
): Promise<"used" | "missing" | "taken"> {
  return database.db.transaction().execute(async (trx) => {
    const found = await trx
      .selectFrom("invitation")
      .select(["code", "used_by_user_id"])
      .where("code", "=", code)
      .executeTakeFirst();
    if (!found) return "missing";
    if (found.used_by_user_id) return "taken";
    const result = await trx
      .updateTable("invitation")
      .set({ used_by_user_id: userId, used_at: new Date().toISOString() })
      .where("code", "=", code)
      .where("used_by_user_id", "is", null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return "taken";
    await trx.updateTable("user").set({ role: "user" }).where("id", "=", userId).execute();
    return "used";
  });
}

/** The user's stored role and creation time (the session's copy may be minutes old). */
export function findAccount(database: DatabaseHandle, userId: string) {
  return database.db
    .selectFrom("user")
    .select(["role", "createdAt"])
    .where("id", "=", userId)
    .executeTakeFirst();
}

export async function countSubscriptions(database: DatabaseHandle, userId: string) {
  const row = await database.db
    .selectFrom("subscription")
    .select(sql<number>`count(*)`.as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
