import { Schema } from "effect";
import { EntityId } from "../reading.ts";
import { Envelope, endpoint, NoRequest, Ok } from "./endpoint.ts";
import { routes } from "./info.ts";

/**
 * POWER: an operator-run ledger. Amounts are non-negative integers of the smallest unit (18
 * decimals: "1000000000000000000" is 1 POWER), written as decimal strings so no float ever
 * rounds them.
 */
export const POWER_DECIMALS = 18;
export const Amount = Schema.String.check(Schema.isPattern(/^(0|[1-9][0-9]{0,35})$/));
/** An amount that moves something: above zero. */
export const PositiveAmount = Schema.String.check(Schema.isPattern(/^[1-9][0-9]{0,35}$/));
const TotpCode = Schema.optional(Schema.String.check(Schema.isMaxLength(16)));
const Comment = Schema.optional(Schema.String.check(Schema.isMaxLength(500)));
const UserRef = Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(64));

export const TransactionType = Schema.Literals([
  "airdrop",
  "burn",
  "mint",
  "purchase",
  "tip",
  "withdraw",
  "boost",
  "claim",
]);
export type TransactionType = typeof TransactionType.Type;

export const WalletLevel = Schema.Struct({
  rank: Schema.Number,
  level: Schema.Number,
  prevActivityPoints: Schema.Number,
  activityPoints: Schema.Number,
});

export const Wallet = Schema.Struct({
  userId: Schema.String,
  /** The whole balance. */
  powerToken: Amount,
  /** The part from daily claims, mints and airdrops: spendable, not withdrawable. */
  dailyPowerToken: Amount,
  /** The part received from others (tips, list fees): withdrawable. */
  cashablePowerToken: Amount,
  /** What claim_daily gives today (0 while it is being computed). */
  todayDailyPower: Amount,
  address: Schema.NullOr(Schema.String),
  addressIndex: Schema.Number,
  /** 1 to 5, from activity points. */
  multiplier: Schema.Number,
  level: Schema.NullOr(WalletLevel),
});
export type Wallet = typeof Wallet.Type;

/** The caller's wallet, one row (none before `POST /wallets`). */
export const get = endpoint(routes.wallets.get, {
  request: NoRequest,
  response: Envelope(Schema.Array(Wallet)),
});

/** Opens the caller's wallet (again: no change). */
export const create = endpoint(routes.wallets.create, {
  request: NoRequest,
  response: Ok,
});

export const RankingRow = Schema.Struct({
  rank: Schema.Number,
  userId: Schema.String,
  name: Schema.NullOr(Schema.String),
  image: Schema.NullOr(Schema.String),
  powerToken: Amount,
  level: Schema.Number,
});

/** The top balances (what anyone may see of another wallet). */
export const ranking = endpoint(routes.wallets.ranking, {
  request: NoRequest,
  response: Envelope(Schema.Array(RankingRow)),
});

export const Transaction = Schema.Struct({
  type: TransactionType,
  hash: Schema.String,
  powerToken: Amount,
  tax: Amount,
  fromUserId: Schema.NullOr(Schema.String),
  toUserId: Schema.NullOr(Schema.String),
  toFeedId: Schema.NullOr(Schema.String),
  toListId: Schema.NullOr(Schema.String),
  toEntryId: Schema.NullOr(Schema.String),
  toRSSHubId: Schema.NullOr(Schema.String),
  comment: Schema.NullOr(Schema.String),
  /** "done"; a withdrawal is "pending" until the operator settles it ("settled"). */
  status: Schema.String,
  reference: Schema.NullOr(Schema.String),
  /** A withdrawal's payout address: shown only to the person who asked for it and to operators. */
  address: Schema.optional(Schema.String),
  createdAt: Schema.String,
  fromUser: Schema.optional(
    Schema.Struct({ id: Schema.String, name: Schema.NullOr(Schema.String) }),
  ),
  toUser: Schema.optional(Schema.Struct({ id: Schema.String, name: Schema.NullOr(Schema.String) })),
  toFeed: Schema.optional(
    Schema.Struct({ id: Schema.String, title: Schema.NullOr(Schema.String) }),
  ),
});
export type Transaction = typeof Transaction.Type;

/** The caller's transactions (sent or received), newest first; `before` is a hash to page on. */
export const transactions = endpoint(routes.wallets.transactions, {
  request: Schema.Struct({
    type: Schema.optional(TransactionType),
    before: Schema.optional(Schema.String.check(Schema.isMaxLength(80))),
    limit: Schema.optional(
      Schema.NumberFromString.check(Schema.isBetween({ minimum: 1, maximum: 100 })),
    ),
  }),
  response: Envelope(Schema.Array(Transaction)),
});

const TransactionHash = Envelope(Schema.Struct({ transactionHash: Schema.String }));

/**
 * Tips an entry's feed or a feed: its owner gets it; a feed nobody claimed holds it until
 * claimed. 4002 short, 4008/4007 a second factor above the operator's threshold.
 */
export const tip = endpoint(routes.wallets.tip, {
  request: Schema.Struct({
    amount: PositiveAmount,
    entryId: Schema.optional(EntityId),
    feedId: Schema.optional(EntityId),
    TOTPCode: TotpCode,
    comment: Comment,
  }),
  response: TransactionHash,
});

/** Today's daily POWER, once per day (4000 claimed already, 4005 still being computed). */
export const claimDaily = endpoint(routes.wallets.claimDaily, {
  request: NoRequest,
  response: Envelope(Schema.Struct({ transactionHash: Schema.String, amount: Amount })),
});

/** Whether today's daily POWER can be claimed now. */
export const claimCheck = endpoint(routes.wallets.claimCheck, {
  request: NoRequest,
  response: Envelope(Schema.Boolean),
});

/** Asks to withdraw the withdrawable part to an address; pending until the operator settles it (4003 short). */
export const withdraw = endpoint(routes.wallets.withdraw, {
  request: Schema.Struct({
    amount: PositiveAmount,
    address: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(200)),
    TOTPCode: TotpCode,
    toRss3: Schema.optional(Schema.Boolean),
  }),
  response: TransactionHash,
});

/** The amounts a boost may be (4006 otherwise). */
export const boostLevels = endpoint(routes.wallets.boostLevels, {
  request: NoRequest,
  response: Envelope(Schema.Array(PositiveAmount)),
});

/** Boosts a feed by one of the levels (spent: it goes to the burn account). */
export const boost = endpoint(routes.wallets.boost, {
  request: Schema.Struct({ feedId: EntityId, amount: PositiveAmount, TOTPCode: TotpCode }),
  response: TransactionHash,
});

/** A feed's boost total and who boosted it, largest first. */
export const boosters = endpoint(routes.wallets.boosters, {
  request: Schema.Struct({ feedId: EntityId }),
  response: Envelope(
    Schema.Struct({
      boostAmount: Amount,
      boosters: Schema.Array(
        Schema.Struct({
          userId: Schema.String,
          name: Schema.NullOr(Schema.String),
          amount: Amount,
        }),
      ),
    }),
  ),
});

export const AirdropStatus = Schema.Literals(["none", "eligible", "sending", "sent"]);

/** The caller's airdrop: amount and status ("none" when not eligible). */
export const airdrop = endpoint(routes.wallets.airdrop, {
  request: NoRequest,
  response: Envelope(
    Schema.Struct({ amount: Amount, status: AirdropStatus, verified: Schema.Boolean }),
  ),
});

/** Claims the caller's airdrop (4010 not eligible, 4011 sending, 4012 sent, 4013 not verified). */
export const claimAirdrop = endpoint(routes.wallets.claimAirdrop, {
  request: NoRequest,
  response: TransactionHash,
});

/** What a new invitation code costs (paid when it is made). */
export const invitationPrice = endpoint(routes.wallets.invitationPrice, {
  request: NoRequest,
  response: Envelope(Amount),
});

/** Admin: creates POWER in a user's wallet (from the mint account). */
export const adminMint = endpoint(routes.wallets.adminMint, {
  request: Schema.Struct({ userId: UserRef, amount: PositiveAmount, comment: Comment }),
  response: TransactionHash,
});

/** Admin: the daily pool shared by the day's claims. */
export const adminDailyPool = endpoint(routes.wallets.adminDailyPool, {
  request: Schema.Struct({ amount: Amount }),
  response: Ok,
});

/** Admin: pending withdrawals, oldest first. */
export const adminWithdrawals = endpoint(routes.wallets.adminWithdrawals, {
  request: NoRequest,
  response: Envelope(Schema.Array(Transaction)),
});

/** Admin: marks a withdrawal paid out, with the reference of the payment. */
export const adminSettle = endpoint(routes.wallets.adminSettle, {
  request: Schema.Struct({
    transactionHash: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(80)),
    reference: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(200)),
  }),
  response: Ok,
});

/** Admin: makes users eligible for an airdrop of an amount (`verified`: they may claim it now). */
export const adminAirdrops = endpoint(routes.wallets.adminAirdrops, {
  request: Schema.Struct({
    userIds: Schema.Array(UserRef).check(Schema.isMinLength(1), Schema.isMaxLength(1000)),
    amount: PositiveAmount,
    verified: Schema.optional(Schema.Boolean),
  }),
  response: Ok,
});

/** Admin: checks the ledger: every transaction's postings sum to zero, balances match postings. */
export const adminAudit = endpoint(routes.wallets.adminAudit, {
  request: NoRequest,
  response: Envelope(
    Schema.Struct({
      balanced: Schema.Boolean,
      minted: Amount,
      burned: Amount,
      circulating: Amount,
      transactions: Schema.Number,
      mismatchedAccounts: Schema.Array(Schema.String),
      unbalancedTransactions: Schema.Array(Schema.String),
    }),
  ),
});
