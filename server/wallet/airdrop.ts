import type { DatabaseHandle } from "../db/connect.ts";
import { ApiError } from "../http/api-error.ts";
import { accounts, walletDb } from "./tables.ts";
import { transfer } from "./transfer.ts";

export async function airdropOf(database: DatabaseHandle, userId: string) {
  const row = await walletDb(database)
    .selectFrom("wallet_airdrop")
    .selectAll()
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!row) return { amount: "0", status: "none" as const, verified: false };
  return {
    amount: row.amount,
    status: row.status as "eligible" | "sending" | "sent",
    verified: Number(row.verified) === 1,
  };
}

/** The operator makes people eligible (again: the new amount, unless already sent). */
export async function defineAirdrops(
  database: DatabaseHandle,
  options: { userIds: readonly string[]; amount: bigint; verified: boolean },
): Promise<void> {
  const db = walletDb(database);
  for (const userId of new Set(options.userIds)) {
    await db
      .insertInto("wallet_airdrop")
      .values({
        user_id: userId,
        amount: options.amount.toString(),
        verified: options.verified ? 1 : 0,
        status: "eligible",
      })
      .onConflict((oc) =>
        oc
          .column("user_id")
          .doUpdateSet({ amount: options.amount.toString(), verified: options.verified ? 1 : 0 })
          .where("wallet_airdrop.status", "=", "eligible"),
      )
      .execute();
  }
}

/**
 * Claims one's airdrop: 4010 not eligible, 4013 not verified yet, 4011 while a claim runs, 4012
 * once sent. "sending" is taken by one conditional update, so two claims never both mint.
 */
export async function claimAirdrop(
  database: DatabaseHandle,
  options: { userId: string; idempotencyKey: string },
): Promise<string> {
  const db = walletDb(database);
  const row = await db
    .selectFrom("wallet_airdrop")
    .selectAll()
    .where("user_id", "=", options.userId)
    .executeTakeFirst();
  if (!row) throw new ApiError(4010, "Not eligible for an airdrop");
  if (row.status === "sent") {
    // A retry of the claim that sent it answers as it did.
    const earlier = await db
      .selectFrom("wallet_transaction")
      .select("hash")
      .where("user_id", "=", options.userId)
      .where("idempotency_key", "=", options.idempotencyKey)
      .where("type", "=", "airdrop")
      .executeTakeFirst();
    if (earlier) return earlier.hash;
    throw new ApiError(4012, "Airdrop already sent");
  }
  if (Number(row.verified) !== 1) throw new ApiError(4013, "Airdrop not verified yet");
  const taken = await db
    .updateTable("wallet_airdrop")
    .set({ status: "sending" })
    .where("user_id", "=", options.userId)
    .where("status", "=", "eligible")
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) throw new ApiError(4011, "Airdrop is being sent");
  const amount = BigInt(row.amount);
  try {
    const done = await transfer(database, {
      type: "airdrop",
      userId: options.userId,
      idempotencyKey: options.idempotencyKey,
      postings: [
        { account: accounts.mint, amount: -amount },
        { account: accounts.user(options.userId), amount },
      ],
      onceTag: { tag: `airdrop:${options.userId}`, code: 4012, message: "Airdrop already sent" },
      row: { amount, to_user_id: options.userId },
      alsoInside: async (trx) => {
        await trx
          .updateTable("wallet_airdrop")
          .set({ status: "sent" })
          .where("user_id", "=", options.userId)
          .execute();
      },
    });
    return done.hash;
  } catch (error) {
    await db
      .updateTable("wallet_airdrop")
      .set({ status: "eligible" })
      .where("user_id", "=", options.userId)
      .where("status", "=", "sending")
      .execute();
    throw error;
  }
}
