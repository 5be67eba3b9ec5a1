import { createHash } from "node:crypto";
import type { Column } from "./db-copy-plan.ts";
import { readBatch } from "./db-copy-rows.ts";
import type { Side } from "./db-copy-sides.ts";
import { canonical } from "./db-copy-values.ts";

export interface TableSum {
  rows: number;
  checksum: string;
}

const MODULUS = 1n << 128n;

/**
 * Row count and checksum of a table: each row's canonical text (db-copy-values.ts, the same
 * from SQLite and PostgreSQL) hashed with SHA-256, the hashes added modulo 2^128. A sum does not
 * depend on row order, and it must not: PostgreSQL orders text keys by its collation, SQLite by
 * bytes, and ordering by bytes in PostgreSQL would cost a sort instead of an index scan.
 */
export async function tableSum(
  side: Side,
  table: string,
  key: readonly Column[],
  columns: readonly Column[],
  batchSize: number,
): Promise<TableSum> {
  let rows = 0;
  let sum = 0n;
  let after: Parameters<typeof readBatch>[4];
  for (;;) {
    const batch = await readBatch(side, table, key, columns, after, batchSize);
    for (const row of batch.rows) {
      const digest = createHash("sha256").update(canonical(row)).digest();
      sum = (sum + BigInt(`0x${digest.subarray(0, 16).toString("hex")}`)) % MODULUS;
    }
    rows += batch.rows.length;
    if (batch.rows.length < batchSize) break;
    after = batch.lastKey;
  }
  return { rows, checksum: sum.toString(16).padStart(32, "0") };
}
