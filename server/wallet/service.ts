import { sql } from "kysely";
import type { Transaction as WireTransaction } from "../../contract/api/wallet.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { ApiError } from "../http/api-error.ts";
import { feedClaimant } from "../storage/feed-claimant.ts";
import { nowIso } from "../storage/time.ts";
import { activityPoints, levelOf, multiplierOf } from "./activity.ts";
import { computeDailyBase, dailyBase, dayOf } from "./daily.ts";
import { accounts, type TransactionRow, walletDb } from "./tables.ts";
import { balanceOf, transfer } from "./transfer.ts";

export const POWER_UNIT = 10n ** 18n;

/** Opens a person's wallet (an account with nothing in it); again is no change. */
export async function openWallet(database: DatabaseHandle, userId: string): Promise<void> {
  await walletDb(database)
    .insertInto("wallet_account")
    .values({
      id: accounts.user(userId),
      kind: "user",
      balance: "0",
      cashable: "0",
      created_at: nowIso(),
    })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
}

export async function hasWallet(database: DatabaseHandle, userId: string): Promise<boolean> {
  return Boolean(
    await walletDb(database)
      .selectFrom("wallet_account")
      .select("id")
      .where("id", "=", accounts.user(userId))
      .executeTakeFirst(),
  );
}

/** Balances in descending order of amount: text integers compare by length, then by digits. */
export async function rankedAccounts(database: DatabaseHandle, limit: number) {
  return walletDb(database)
    .selectFrom("wallet_account")
    .innerJoin("user", (join) => join.on(sql<boolean>`wallet_account.id = 'user:' || "user".id`))
    .select(["user.id as userId", "user.name", "user.image", "wallet_account.balance"])
    .where("wallet_account.kind", "=", "user")
    .orderBy((eb) => eb.fn("length", ["wallet_account.balance"]), "desc")
    .orderBy("wallet_account.balance", "desc")
    .orderBy("user.id")
    .limit(limit)
    .execute();
}

/** How many wallets hold more than this balance (rank = that + 1). */
async function rankOf(database: DatabaseHandle, balance: bigint): Promise<number> {
  const text = balance.toString();
  const row = await walletDb(database)
    .selectFrom("wallet_account")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("kind", "=", "user")
    .where((eb) =>
      eb.or([
        eb(eb.fn("length", ["balance"]), ">", text.length),
        eb.and([eb(eb.fn("length", ["balance"]), "=", text.length), eb("balance", ">", text)]),
      ]),
    )
    .executeTakeFirst();
  return Number(row?.n ?? 0) + 1;
}

export async function walletOf(database: DatabaseHandle, userId: string) {
  if (!(await hasWallet(database, userId))) return null;
  const { balance, cashable } = await balanceOf(database, accounts.user(userId));
  const points = await activityPoints(database, userId);
  const multiplier = multiplierOf(points);
  const base = await dailyBase(database);
  const claimed = await claimedToday(database, userId);
  return {
    userId,
    powerToken: balance.toString(),
    dailyPowerToken: (balance - cashable).toString(),
    cashablePowerToken: cashable.toString(),
    todayDailyPower: base === null || claimed ? "0" : (base * BigInt(multiplier)).toString(),
    address: null,
    addressIndex: 0,
    multiplier,
    level: { rank: await rankOf(database, balance), ...levelOf(points), activityPoints: points },
  };
}

const dailyTag = (userId: string, day: string) => `daily:${userId}:${day}`;

async function claimedToday(database: DatabaseHandle, userId: string): Promise<boolean> {
  return Boolean(
    await walletDb(database)
      .selectFrom("wallet_transaction")
      .select("hash")
      .where("once_tag", "=", dailyTag(userId, dayOf()))
      .executeTakeFirst(),
  );
}

export async function canClaimDaily(database: DatabaseHandle, userId: string): Promise<boolean> {
  return (await dailyBase(database)) !== null && !(await claimedToday(database, userId));
}

/** Today's daily POWER, once (4000 after; 4005 while today's amount is being computed). */
export async function claimDaily(
  database: DatabaseHandle,
  options: { userId: string; idempotencyKey: string; configuredPool: string },
) {
  const day = dayOf();
  const base = await dailyBase(database, day);
  if (base === null) {
    void computeDailyBase(database, options.configuredPool, day).catch(() => {});
    throw new ApiError(4005, "Today's daily POWER is being computed; try again in a moment");
  }
  await openWallet(database, options.userId);
  const amount = base * BigInt(multiplierOf(await activityPoints(database, options.userId)));
  const done = await transfer(database, {
    type: "claim",
    userId: options.userId,
    idempotencyKey: options.idempotencyKey,
    postings: [
      { account: accounts.mint, amount: -amount },
      { account: accounts.user(options.userId), amount },
    ],
    onceTag: { tag: dailyTag(options.userId, day), code: 4000, message: "Already claimed today" },
    row: { amount, to_user_id: options.userId, comment: `daily ${day}` },
  });
  return { transactionHash: done.hash, amount: amount.toString() };
}

/** Where a tip to a feed goes: its claimant's (or owner's) wallet, or the feed's own account until claimed. */
export async function tipTarget(
  database: DatabaseHandle,
  target: { entryId?: string | undefined; feedId?: string | undefined },
) {
  let feedId = target.feedId;
  if (target.entryId) {
    const entry = await database.db
      .selectFrom("entry")
      .select("feed_id")
      .where("id", "=", target.entryId)
      .executeTakeFirst();
    if (!entry) throw new ApiError(4004, "No such entry to tip");
    feedId = entry.feed_id;
  }
  if (!feedId) throw new ApiError(1002, "entryId or feedId is required");
  const feed = await database.db
    .selectFrom("feed")
    .select(["id", "owner_user_id"])
    .where("id", "=", feedId)
    .executeTakeFirst();
  if (!feed) throw new ApiError(4004, "No such feed to tip");
  // A claimed feed's tips go to its claimant; a private feed (an inbox) has its owner.
  const claimant = await feedClaimant(database, feed.id);
  return { feedId: feed.id, ownerUserId: claimant ?? feed.owner_user_id ?? null };
}

export async function tip(
  database: DatabaseHandle,
  options: {
    userId: string;
    idempotencyKey: string;
    amount: bigint;
    entryId?: string | undefined;
    feedId?: string | undefined;
    comment?: string | undefined;
  },
) {
  const target = await tipTarget(database, options);
  if (target.ownerUserId === options.userId) throw new ApiError(4004, "You own this feed");
  const to = target.ownerUserId ? accounts.user(target.ownerUserId) : accounts.feed(target.feedId);
  return transfer(database, {
    type: "tip",
    userId: options.userId,
    idempotencyKey: options.idempotencyKey,
    postings: [
      { account: accounts.user(options.userId), amount: -options.amount },
      { account: to, amount: options.amount },
    ],
    cashableCredits: [to],
    row: {
      amount: options.amount,
      from_user_id: options.userId,
      to_user_id: target.ownerUserId,
      to_feed_id: target.feedId,
      to_entry_id: options.entryId ?? null,
      comment: options.comment ?? null,
    },
  });
}

/** Withdrawable POWER leaves the ledger now; the operator pays it out and records a reference. */
export async function withdraw(
  database: DatabaseHandle,
  options: { userId: string; idempotencyKey: string; amount: bigint; address: string },
) {
  const from = accounts.user(options.userId);
  return transfer(database, {
    type: "withdraw",
    userId: options.userId,
    idempotencyKey: options.idempotencyKey,
    postings: [
      { account: from, amount: -options.amount },
      { account: accounts.payout, amount: options.amount },
    ],
    cashableDebit: from,
    shortCode: 4003,
    row: {
      amount: options.amount,
      from_user_id: options.userId,
      address: options.address,
      status: "pending",
    },
  });
}

export async function boost(
  database: DatabaseHandle,
  options: {
    userId: string;
    idempotencyKey: string;
    amount: bigint;
    feedId: string;
    levels: string[];
  },
) {
  if (!options.levels.includes(options.amount.toString())) {
    throw new ApiError(4006, "Boost by one of the offered amounts");
  }
  const feed = await database.db
    .selectFrom("feed")
    .select("id")
    .where("id", "=", options.feedId)
    .executeTakeFirst();
  if (!feed) throw new ApiError(4004, "No such feed to boost");
  return transfer(database, {
    type: "boost",
    userId: options.userId,
    idempotencyKey: options.idempotencyKey,
    postings: [
      { account: accounts.user(options.userId), amount: -options.amount },
      { account: accounts.burn, amount: options.amount },
    ],
    row: { amount: options.amount, from_user_id: options.userId, to_feed_id: options.feedId },
  });
}

export async function boostersOf(database: DatabaseHandle, feedId: string) {
  const rows = await walletDb(database)
    .selectFrom("wallet_transaction")
    .leftJoin("user", "user.id", "wallet_transaction.from_user_id")
    .select(["wallet_transaction.from_user_id as userId", "user.name", "wallet_transaction.amount"])
    .where("wallet_transaction.type", "=", "boost")
    .where("wallet_transaction.to_feed_id", "=", feedId)
    .execute();
  const byUser = new Map<string, { userId: string; name: string | null; amount: bigint }>();
  for (const row of rows) {
    if (!row.userId) continue;
    const seen = byUser.get(row.userId) ?? {
      userId: row.userId,
      name: row.name ?? null,
      amount: 0n,
    };
    seen.amount += BigInt(row.amount);
    byUser.set(row.userId, seen);
  }
  const boosters = [...byUser.values()].sort((a, b) =>
    b.amount > a.amount ? 1 : b.amount < a.amount ? -1 : 0,
  );
  return {
    boostAmount: boosters.reduce((sum, b) => sum + b.amount, 0n).toString(),
    boosters: boosters.map((b) => ({ ...b, amount: b.amount.toString() })),
  };
}

/**
 * A fee paid once per person and list: the list's owner receives it (withdrawable). Paid before
 * (or the owner's own list): nothing moves.
 */
export async function purchaseList(
  database: DatabaseHandle,
  options: {
    userId: string;
    idempotencyKey: string;
    list: { id: string; fee: number; owner_user_id: string };
  },
): Promise<void> {
  const { list } = options;
  if (list.fee <= 0 || list.owner_user_id === options.userId) return;
  const tag = `purchase:${options.userId}:${list.id}`;
  const paid = await walletDb(database)
    .selectFrom("wallet_transaction")
    .select("hash")
    .where("once_tag", "=", tag)
    .executeTakeFirst();
  if (paid) return;
  const amount = BigInt(list.fee) * POWER_UNIT;
  const owner = accounts.user(list.owner_user_id);
  try {
    await transfer(database, {
      type: "purchase",
      userId: options.userId,
      idempotencyKey: options.idempotencyKey,
      postings: [
        { account: accounts.user(options.userId), amount: -amount },
        { account: owner, amount },
      ],
      cashableCredits: [owner],
      onceTag: { tag, code: 4000, message: "Already purchased" },
      row: {
        amount,
        from_user_id: options.userId,
        to_user_id: list.owner_user_id,
        to_list_id: list.id,
      },
    });
  } catch (error) {
    // Paid by a concurrent request of the same person: the list is theirs to follow.
    if (error instanceof ApiError && error.code === 4000) return;
    throw error;
  }
}

/** What a list has earned from its fees, as text (shown with the list). */
export async function listPurchaseAmount(
  database: DatabaseHandle,
  listId: string,
): Promise<string> {
  const rows = await walletDb(database)
    .selectFrom("wallet_transaction")
    .select("amount")
    .where("type", "=", "purchase")
    .where("to_list_id", "=", listId)
    .execute();
  return rows.reduce((sum, row) => sum + BigInt(row.amount), 0n).toString();
}

/** The invitation code's price, burned. */
export async function chargeInvitation(
  database: DatabaseHandle,
  options: { userId: string; idempotencyKey: string; price: bigint; code: string },
): Promise<void> {
  if (options.price <= 0n) return;
  await transfer(database, {
    type: "burn",
    userId: options.userId,
    idempotencyKey: options.idempotencyKey,
    postings: [
      { account: accounts.user(options.userId), amount: -options.price },
      { account: accounts.burn, amount: options.price },
    ],
    row: { amount: options.price, from_user_id: options.userId, comment: "invitation code" },
  });
}

export async function mint(
  database: DatabaseHandle,
  options: {
    adminId: string;
    idempotencyKey: string;
    userId: string;
    amount: bigint;
    comment?: string | undefined;
  },
) {
  const exists = await database.db
    .selectFrom("user")
    .select("id")
    .where("id", "=", options.userId)
    .executeTakeFirst();
  if (!exists) throw new ApiError(4004, "No such user");
  return transfer(database, {
    type: "mint",
    userId: options.adminId,
    idempotencyKey: options.idempotencyKey,
    postings: [
      { account: accounts.mint, amount: -options.amount },
      { account: accounts.user(options.userId), amount: options.amount },
    ],
    row: { amount: options.amount, to_user_id: options.userId, comment: options.comment ?? null },
  });
}

export function toWireTransaction(
  row: TransactionRow & {
    from_name?: string | null;
    to_name?: string | null;
    feed_title?: string | null;
  },
  showAddress: boolean,
): WireTransaction {
  return {
    type: row.type as WireTransaction["type"],
    hash: row.hash,
    powerToken: row.amount,
    tax: row.tax,
    fromUserId: row.from_user_id,
    toUserId: row.to_user_id,
    toFeedId: row.to_feed_id,
    toListId: row.to_list_id,
    toEntryId: row.to_entry_id,
    toRSSHubId: null,
    comment: row.comment,
    status: row.status,
    reference: row.reference,
    createdAt: row.created_at,
    ...(row.from_user_id
      ? { fromUser: { id: row.from_user_id, name: row.from_name ?? null } }
      : {}),
    ...(row.to_user_id ? { toUser: { id: row.to_user_id, name: row.to_name ?? null } } : {}),
    ...(row.to_feed_id ? { toFeed: { id: row.to_feed_id, title: row.feed_title ?? null } } : {}),
    ...(showAddress && row.type === "withdraw" && row.address !== null
      ? { address: row.address }
      : {}),
  };
}

/** A person's transactions (sent, received, or asked for by them), newest first. */
export async function transactionsOf(
  database: DatabaseHandle,
  options: {
    userId: string;
    type?: string | undefined;
    before?: string | undefined;
    limit: number;
  },
) {
  const db = walletDb(database);
  let query = db
    .selectFrom("wallet_transaction as t")
    .leftJoin("user as f", "f.id", "t.from_user_id")
    .leftJoin("user as u", "u.id", "t.to_user_id")
    .leftJoin("feed", "feed.id", "t.to_feed_id")
    .selectAll("t")
    .select(["f.name as from_name", "u.name as to_name", "feed.title as feed_title"])
    .where((eb) =>
      eb.or([
        eb("t.user_id", "=", options.userId),
        eb("t.from_user_id", "=", options.userId),
        eb("t.to_user_id", "=", options.userId),
      ]),
    );
  if (options.type) query = query.where("t.type", "=", options.type);
  if (options.before) {
    const cursor = await db
      .selectFrom("wallet_transaction")
      .select(["seq", "hash"])
      .where("hash", "=", options.before)
      .executeTakeFirst();
    if (cursor) {
      query = query.where((eb) =>
        eb.or([
          eb("t.seq", "<", cursor.seq),
          eb.and([eb("t.seq", "=", cursor.seq), eb("t.hash", "<", cursor.hash)]),
        ]),
      );
    }
  }
  const rows = await query
    .orderBy("t.seq", "desc")
    .orderBy("t.hash", "desc")
    .limit(options.limit)
    .execute();
  // The payout address is the asker's own: never shown to the other side of a transaction.
  return rows.map((row) => toWireTransaction(row, row.user_id === options.userId));
}
