import type { DatabaseHandle } from "../db/connect.ts";
import { ApiError } from "../http/api-error.ts";
import { toWireTransaction } from "./service.ts";
import { accounts, walletDb } from "./tables.ts";

export async function pendingWithdrawals(database: DatabaseHandle) {
  const rows = await walletDb(database)
    .selectFrom("wallet_transaction")
    .selectAll()
    .where("type", "=", "withdraw")
    .where("status", "=", "pending")
    .orderBy("seq")
    .limit(500)
    .execute();
  // The operator pays out to the address, so it sees it.
  return rows.map((row) => toWireTransaction(row, true));
}

/** Records the operator's payment of a withdrawal (the money left the ledger when it was asked). */
export async function settleWithdrawal(
  database: DatabaseHandle,
  hash: string,
  reference: string,
): Promise<void> {
  const db = walletDb(database);
  const settled = await db
    .updateTable("wallet_transaction")
    .set({ status: "settled", reference })
    .where("hash", "=", hash)
    .where("type", "=", "withdraw")
    .where("status", "=", "pending")
    .executeTakeFirst();
  if (Number(settled.numUpdatedRows) === 1) return;
  const row = await db
    .selectFrom("wallet_transaction")
    .select(["status", "reference"])
    .where("hash", "=", hash)
    .where("type", "=", "withdraw")
    .executeTakeFirst();
  if (!row) throw new ApiError(1004, "No such withdrawal", 404);
  // The same settlement again is no change; another reference is a mistake to refuse.
  if (row.reference !== reference) throw new ApiError(4000, "Already settled");
}

/**
 * The ledger checked end to end: each transaction's postings sum to zero, each account's
 * balance is the sum of its postings, and all balances together are zero (whatever was minted
 * is somewhere: a wallet, a feed, burned or paid out).
 */
export async function auditLedger(database: DatabaseHandle) {
  const db = walletDb(database);
  const postings = await db.selectFrom("wallet_posting").selectAll().execute();
  const byTransaction = new Map<string, bigint>();
  const byAccount = new Map<string, bigint>();
  for (const p of postings) {
    const amount = BigInt(p.amount);
    byTransaction.set(p.transaction_hash, (byTransaction.get(p.transaction_hash) ?? 0n) + amount);
    byAccount.set(p.account_id, (byAccount.get(p.account_id) ?? 0n) + amount);
  }
  const accountRows = await db.selectFrom("wallet_account").select(["id", "balance"]).execute();
  const mismatchedAccounts: string[] = [];
  let total = 0n;
  let circulating = 0n;
  const balances = new Map<string, bigint>();
  for (const row of accountRows) {
    const balance = BigInt(row.balance);
    balances.set(row.id, balance);
    total += balance;
    if (!row.id.startsWith("system:")) circulating += balance;
    if (balance !== (byAccount.get(row.id) ?? 0n)) mismatchedAccounts.push(row.id);
    if (balance < 0n && row.id !== accounts.mint) mismatchedAccounts.push(row.id);
  }
  for (const id of byAccount.keys()) if (!balances.has(id)) mismatchedAccounts.push(id);
  const unbalancedTransactions = [...byTransaction].filter(([, sum]) => sum !== 0n).map(([h]) => h);
  const count = await db
    .selectFrom("wallet_transaction")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirst();
  return {
    balanced:
      total === 0n && mismatchedAccounts.length === 0 && unbalancedTransactions.length === 0,
    minted: (-(balances.get(accounts.mint) ?? 0n)).toString(),
    burned: (balances.get(accounts.burn) ?? 0n).toString(),
    circulating: circulating.toString(),
    transactions: Number(count?.n ?? 0),
    mismatchedAccounts,
    unbalancedTransactions,
  };
}
