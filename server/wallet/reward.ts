import type { DatabaseHandle } from "../db/connect.ts";
import { accounts, walletDb } from "./tables.ts";
import { transfer } from "./transfer.ts";

/**
 * Mints POWER into a person's wallet (an achievement's reward, an operator's grant). The key
 * makes it happen once: calling again with the same key returns the first transaction's hash.
 * `amount` is in the smallest unit (18 decimals).
 */
export async function rewardUser(
  database: DatabaseHandle,
  reward: { userId: string; amount: bigint | string; reason: string; idempotencyKey: string },
): Promise<{ transactionHash: string; replayed: boolean }> {
  const amount = BigInt(reward.amount);
  if (amount <= 0n) throw new Error("a reward is above zero");
  const done = await transfer(database, {
    type: "mint",
    // The key is the system's, per receiver: two rewards to one person never share it.
    userId: reward.userId,
    idempotencyKey: `reward:${reward.idempotencyKey}`,
    postings: [
      { account: accounts.mint, amount: -amount },
      { account: accounts.user(reward.userId), amount },
    ],
    row: { amount, to_user_id: reward.userId, comment: reward.reason },
  });
  return { transactionHash: done.hash, replayed: done.replayed };
}

/**
 * Tips held for a feed nobody had claimed go to its new owner, once it is claimed: the whole
 * held balance in one transfer (withdrawable, as tips are). Nothing held: null.
 */
export async function releaseHeldTips(
  database: DatabaseHandle,
  feedId: string,
  ownerUserId: string,
): Promise<{ transactionHash: string; amount: string } | null> {
  const held = await walletDb(database)
    .selectFrom("wallet_account")
    .select("balance")
    .where("id", "=", accounts.feed(feedId))
    .executeTakeFirst();
  const amount = BigInt(held?.balance ?? "0");
  if (amount <= 0n) return null;
  const done = await transfer(database, {
    type: "tip",
    userId: ownerUserId,
    // A later release (tips held after this one) is a new amount: a new key.
    idempotencyKey: `release:${feedId}:${amount}:${Date.now()}`,
    postings: [
      { account: accounts.feed(feedId), amount: -amount },
      { account: accounts.user(ownerUserId), amount },
    ],
    cashableCredits: [accounts.user(ownerUserId)],
    row: { amount, to_user_id: ownerUserId, to_feed_id: feedId, comment: "held tips released" },
  });
  return { transactionHash: done.hash, amount: amount.toString() };
}
