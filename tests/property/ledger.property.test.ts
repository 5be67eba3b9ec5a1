import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase, type DatabaseHandle } from "../../server/db/connect.ts";
import { ApiError } from "../../server/http/api-error.ts";
import { auditLedger } from "../../server/wallet/admin.ts";
import { accounts, walletDb } from "../../server/wallet/tables.ts";
import { type TransferRequest, transfer } from "../../server/wallet/transfer.ts";
import { migrateServerSchema } from "../support/migrated-database.ts";
import { createTestPostgres, type TestPostgres } from "../support/postgres.ts";
import { DIALECTS } from "../support/server.ts";

/**
 * Random operations across many people, run concurrently, some sent several times with the
 * same key (a client retrying): the ledger's total stays zero (what was minted is in wallets,
 * feeds, burned or paid out), no balance goes below zero, and no key moves money twice.
 */
const USERS = ["u0", "u1", "u2", "u3", "u4", "u5"];
const user = fc.constantFrom(...USERS);
const amount = fc.bigInt({ min: 1n, max: 50n });

type Op =
  | { kind: "mint"; to: string; amount: bigint }
  | { kind: "tip"; from: string; to: string; amount: bigint }
  | { kind: "hold"; from: string; feed: string; amount: bigint }
  | { kind: "burn"; from: string; amount: bigint }
  | { kind: "withdraw"; from: string; amount: bigint }
  | { kind: "purchase"; from: string; to: string; list: string; amount: bigint };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant("mint" as const), to: user, amount }),
  fc.record({ kind: fc.constant("tip" as const), from: user, to: user, amount }),
  fc.record({
    kind: fc.constant("hold" as const),
    from: user,
    feed: fc.constantFrom("f1", "f2"),
    amount,
  }),
  fc.record({ kind: fc.constant("burn" as const), from: user, amount }),
  fc.record({ kind: fc.constant("withdraw" as const), from: user, amount }),
  fc.record({
    kind: fc.constant("purchase" as const),
    from: user,
    to: user,
    list: fc.constantFrom("l1", "l2"),
    amount,
  }),
);

/** One operation as the ledger's transfer, under the key its sender chose. */
function toTransfer(o: Op, key: string): TransferRequest {
  const u = accounts.user;
  switch (o.kind) {
    case "mint":
      return {
        type: "mint",
        userId: "admin",
        idempotencyKey: key,
        postings: [
          { account: accounts.mint, amount: -o.amount },
          { account: u(o.to), amount: o.amount },
        ],
        row: { amount: o.amount, to_user_id: o.to },
      };
    case "tip":
    case "purchase": {
      const to = o.from === o.to ? accounts.feed(`self-${o.to}`) : u(o.to);
      return {
        type: o.kind,
        userId: o.from,
        idempotencyKey: key,
        postings: [
          { account: u(o.from), amount: -o.amount },
          { account: to, amount: o.amount },
        ],
        cashableCredits: [to],
        ...(o.kind === "purchase"
          ? { onceTag: { tag: `purchase:${o.from}:${o.list}`, code: 4000, message: "bought" } }
          : {}),
        row: { amount: o.amount, from_user_id: o.from },
      };
    }
    case "hold":
      return {
        type: "tip",
        userId: o.from,
        idempotencyKey: key,
        postings: [
          { account: u(o.from), amount: -o.amount },
          { account: accounts.feed(o.feed), amount: o.amount },
        ],
        row: { amount: o.amount, from_user_id: o.from, to_feed_id: o.feed },
      };
    case "burn":
      return {
        type: "boost",
        userId: o.from,
        idempotencyKey: key,
        postings: [
          { account: u(o.from), amount: -o.amount },
          { account: accounts.burn, amount: o.amount },
        ],
        row: { amount: o.amount, from_user_id: o.from },
      };
    case "withdraw":
      return {
        type: "withdraw",
        userId: o.from,
        idempotencyKey: key,
        postings: [
          { account: u(o.from), amount: -o.amount },
          { account: accounts.payout, amount: o.amount },
        ],
        cashableDebit: u(o.from),
        shortCode: 4003,
        row: { amount: o.amount, from_user_id: o.from, status: "pending" },
      };
  }
}

describe.each(DIALECTS)("the POWER ledger under concurrent retried operations (%s)", (dialect) => {
  let database: DatabaseHandle;
  let dataDir: string;
  let postgres: TestPostgres | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "follow-ledger-"));
    postgres = dialect === "postgres" ? await createTestPostgres({ migrated: true }) : undefined;
    database = connectDatabase({
      databaseUrl: postgres?.url,
      databasePath: join(dataDir, "ledger.sqlite"),
      databasePoolMax: 8,
    });
    if (!postgres) await migrateServerSchema(database.db);
  });
  afterAll(async () => {
    await database?.close();
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("loses no update under 100 concurrent transfers out of one wallet and into others", async () => {
    const payer = `payer-${randomUUID()}`;
    await transfer(database, toTransfer({ kind: "mint", to: payer, amount: 100n }, randomUUID()));
    // 100 transfers of 1 out of a wallet holding 100, plus 20 more that must find it empty.
    const answers = await Promise.allSettled(
      Array.from({ length: 120 }, (_, i) =>
        transfer(
          database,
          toTransfer({ kind: "tip", from: payer, to: `payee-${i % 7}`, amount: 1n }, randomUUID()),
        ),
      ),
    );
    expect(answers.filter((a) => a.status === "fulfilled")).toHaveLength(100);
    for (const refused of answers.filter((a) => a.status === "rejected")) {
      expect((refused.reason as ApiError).code).toBe(4002);
    }
    const row = await walletDb(database)
      .selectFrom("wallet_account")
      .select("balance")
      .where("id", "=", accounts.user(payer))
      .executeTakeFirstOrThrow();
    expect(row.balance).toBe("0");
    expect((await auditLedger(database)).balanced).toBe(true);
  }, 120_000);

  it("conserves the total, never goes below zero, never applies a key twice", async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ op, sends: fc.integer({ min: 1, max: 3 }) }), {
          minLength: 1,
          maxLength: 25,
        }),
        async (batch) => {
          run += 1;
          const keyed = batch.map((b) => ({ ...b, key: `${run}-${randomUUID()}` }));
          // Every send of every operation at once: retries race their first send.
          const answers = await Promise.all(
            keyed.flatMap(({ op: o, sends, key }) =>
              Array.from({ length: sends }, () =>
                transfer(database, toTransfer(o, key)).then(
                  (done) => ({ key, hash: done.hash as string | undefined, code: 0 }),
                  (error: unknown) => {
                    if (!(error instanceof ApiError)) throw error;
                    return { key, hash: undefined, code: error.code as number };
                  },
                ),
              ),
            ),
          );
          for (const answer of answers) expect([0, 4000, 4002, 4003]).toContain(answer.code);
          // All sends of one key that went through name the same transaction.
          for (const { key } of keyed) {
            const hashes = new Set(
              answers.filter((a) => a.key === key && a.hash).map((a) => a.hash),
            );
            expect(hashes.size).toBeLessThanOrEqual(1);
            const stored = await walletDb(database)
              .selectFrom("wallet_transaction")
              .select("hash")
              .where("idempotency_key", "=", key)
              .execute();
            expect(stored.length).toBeLessThanOrEqual(1);
            if (hashes.size === 1) expect(stored[0]?.hash).toBe([...hashes][0]);
          }
          const audit = await auditLedger(database);
          expect(audit.mismatchedAccounts).toEqual([]);
          expect(audit.unbalancedTransactions).toEqual([]);
          expect(audit.balanced).toBe(true);
          const negative = await walletDb(database)
            .selectFrom("wallet_account")
            .select(["id", "balance", "cashable"])
            .where("id", "!=", accounts.mint)
            .execute();
          for (const row of negative) {
            expect(BigInt(row.balance)).toBeGreaterThanOrEqual(0n);
            expect(BigInt(row.cashable)).toBeGreaterThanOrEqual(0n);
            expect(BigInt(row.cashable)).toBeLessThanOrEqual(BigInt(row.balance));
          }
        },
      ),
      { numRuns: 40 },
    );
  }, 300_000);
});
