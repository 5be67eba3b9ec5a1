import { createHash, randomBytes } from "node:crypto";
import type { Transaction } from "kysely";
import type { TransactionType } from "../../contract/api/wallet.ts";
import type { ErrorCode } from "../../contract/errors.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import type { Database } from "../db/schema.ts";
import { ApiError } from "../http/api-error.ts";
import { nowIso } from "../storage/time.ts";
import { MAY_GO_NEGATIVE, type TransactionRow, type WalletTables } from "./tables.ts";

type Trx = Transaction<Database & WalletTables>;

export interface Posting {
  account: string;
  /** Signed: negative leaves the account. */
  amount: bigint;
}

export interface TransferRequest {
  type: TransactionType;
  /** Who asked (the idempotency key is theirs). */
  userId: string;
  idempotencyKey: string;
  /** Postings summing to zero. */
  postings: Posting[];
  /** Accounts whose credit here is withdrawable (received from others). */
  cashableCredits?: string[];
  /** An account whose debit must come out of its withdrawable part (a withdrawal). */
  cashableDebit?: string;
  /** At most one transaction ever carries this tag (a day's claim, an airdrop, a purchase). */
  onceTag?: { tag: string; code: ErrorCode; message: string };
  /** The code a short balance answers (4002 unless said). */
  shortCode?: ErrorCode;
  row: Partial<
    Pick<
      TransactionRow,
      | "from_user_id"
      | "to_user_id"
      | "to_feed_id"
      | "to_list_id"
      | "to_entry_id"
      | "comment"
      | "address"
      | "tax"
    >
  > & { amount: bigint; status?: string };
  /** Runs inside the same database transaction after the postings (marks an airdrop sent). */
  alsoInside?: (trx: Trx) => Promise<void>;
}

export interface TransferResult {
  hash: string;
  /** The key had moved this money before: nothing moved now. */
  replayed: boolean;
}

let sequence = 0;
/** Orders transactions (newest first) for paging; ties broken by hash. */
const nextSeq = () => Date.now() * 1000 + (sequence++ % 1000);

/** Which movement a key was used for: a different one with the same key is refused. */
function requestHashOf(request: TransferRequest): string {
  const canonical = JSON.stringify({
    type: request.type,
    postings: [...request.postings]
      .map((p) => [p.account, p.amount.toString()])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    row: Object.entries(request.row)
      .map(([k, v]) => [k, typeof v === "bigint" ? v.toString() : v])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
  });
  return createHash("sha256").update(canonical).digest("hex");
}

/**
 * The one way money moves: in one database transaction, the key is looked up (a retry gets the
 * first transaction's hash, nothing moves twice), the accounts are locked (PostgreSQL: rows
 * FOR UPDATE in id order, so two transfers never deadlock; SQLite: its single writer), every
 * balance is checked never to go below zero, then balances, the transaction and its postings
 * are written together. A race on the same key or tag (PostgreSQL) loses on the unique index
 * and is then answered like a retry.
 */
export async function transfer(
  database: DatabaseHandle,
  request: TransferRequest,
): Promise<TransferResult> {
  const total = request.postings.reduce((sum, p) => sum + p.amount, 0n);
  if (total !== 0n) throw new Error("postings of a transfer must sum to zero");
  const requestHash = requestHashOf(request);
  for (let attempt = 0; ; attempt++) {
    try {
      return await database.db
        .withTables<WalletTables>()
        .transaction()
        .execute((trx) => apply(database, trx, request, requestHash));
    } catch (error) {
      if (attempt < 5 && (isUniqueViolation(error) || isDeadlock(error))) continue;
      throw error;
    }
  }
}

async function apply(
  database: DatabaseHandle,
  trx: Trx,
  request: TransferRequest,
  requestHash: string,
): Promise<TransferResult> {
  const earlier = await trx
    .selectFrom("wallet_transaction")
    .select(["hash", "request_hash"])
    .where("user_id", "=", request.userId)
    .where("idempotency_key", "=", request.idempotencyKey)
    .executeTakeFirst();
  if (earlier) {
    if (earlier.request_hash !== requestHash) {
      throw new ApiError(1002, "this Idempotency-Key was used for a different request");
    }
    return { hash: earlier.hash, replayed: true };
  }
  if (request.onceTag) {
    const taken = await trx
      .selectFrom("wallet_transaction")
      .select("hash")
      .where("once_tag", "=", request.onceTag.tag)
      .executeTakeFirst();
    if (taken) throw new ApiError(request.onceTag.code, request.onceTag.message);
  }

  const ids = [...new Set(request.postings.map((p) => p.account))].sort();
  const now = nowIso();
  for (const id of ids) {
    await trx
      .insertInto("wallet_account")
      .values({
        id,
        kind: id.split(":")[0] ?? "user",
        balance: "0",
        cashable: "0",
        created_at: now,
      })
      .onConflict((oc) => oc.column("id").doNothing())
      .execute();
  }
  let locked = trx.selectFrom("wallet_account").selectAll().where("id", "in", ids).orderBy("id");
  if (database.dialect === "postgres") locked = locked.forUpdate();
  const rows = new Map((await locked.execute()).map((row) => [row.id, row]));

  const cashableCredits = new Set(request.cashableCredits ?? []);
  for (const posting of request.postings) {
    const row = rows.get(posting.account);
    if (!row) throw new Error(`account ${posting.account} was not created`);
    const balance = BigInt(row.balance) + posting.amount;
    let cashable = BigInt(row.cashable);
    if (posting.amount < 0n && posting.account === request.cashableDebit) {
      if (cashable + posting.amount < 0n) {
        throw new ApiError(4003, "Not enough withdrawable POWER");
      }
      cashable += posting.amount;
    }
    if (balance < 0n && !MAY_GO_NEGATIVE.has(posting.account)) {
      throw new ApiError(request.shortCode ?? 4002, "Insufficient balance");
    }
    // Spending uses the part that cannot be withdrawn first.
    if (posting.amount > 0n && cashableCredits.has(posting.account)) cashable += posting.amount;
    if (cashable > balance) cashable = balance < 0n ? 0n : balance;
    await trx
      .updateTable("wallet_account")
      .set({ balance: balance.toString(), cashable: cashable.toString() })
      .where("id", "=", posting.account)
      .execute();
  }

  const hash = `0x${randomBytes(32).toString("hex")}`;
  const { amount, status, ...fields } = request.row;
  await trx
    .insertInto("wallet_transaction")
    .values({
      hash,
      type: request.type,
      user_id: request.userId,
      idempotency_key: request.idempotencyKey,
      request_hash: requestHash,
      once_tag: request.onceTag?.tag ?? null,
      amount: amount.toString(),
      tax: fields.tax ?? "0",
      from_user_id: fields.from_user_id ?? null,
      to_user_id: fields.to_user_id ?? null,
      to_feed_id: fields.to_feed_id ?? null,
      to_list_id: fields.to_list_id ?? null,
      to_entry_id: fields.to_entry_id ?? null,
      comment: fields.comment ?? null,
      address: fields.address ?? null,
      status: status ?? "done",
      reference: null,
      seq: nextSeq(),
      created_at: now,
    })
    .execute();
  await trx
    .insertInto("wallet_posting")
    .values(
      request.postings.map((p) => ({
        transaction_hash: hash,
        account_id: p.account,
        amount: p.amount.toString(),
      })),
    )
    .execute();
  await request.alsoInside?.(trx);
  return { hash, replayed: false };
}

/** PostgreSQL gave up one of two transactions waiting on each other: it is run again. */
function isDeadlock(error: unknown): boolean {
  const code = (error as { code?: string })?.code;
  return code === "40P01" || code === "40001";
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e?.code === "23505" || /UNIQUE constraint failed/.test(String(e?.message ?? ""));
}

/** A user's wallet balance and its withdrawable part (zero before any movement). */
export async function balanceOf(
  database: DatabaseHandle,
  account: string,
): Promise<{ balance: bigint; cashable: bigint }> {
  const row = await database.db
    .withTables<WalletTables>()
    .selectFrom("wallet_account")
    .select(["balance", "cashable"])
    .where("id", "=", account)
    .executeTakeFirst();
  return { balance: BigInt(row?.balance ?? "0"), cashable: BigInt(row?.cashable ?? "0") };
}
