import { executeBatch } from "./batch.ts";
import type { SqlRunner, SqlValue } from "./types.ts";

/** One SQL write a materializer asks for; materializers return these and never run them. */
export interface Statement {
  sql: string;
  params: SqlValue[];
  /** The table the statement writes, when a builder made it (see local-sql.ts). */
  writes?: string;
}

export function sql(text: string, ...params: SqlValue[]): Statement {
  return { sql: text, params };
}

/** A JSON array parameter, read in SQL with `json_each(?)`. */
export function jsonList(values: readonly string[]): string {
  return JSON.stringify(values);
}

export function bit(value: boolean): number {
  return value ? 1 : 0;
}

/** The subscription id in its client-side form, type/id (SPEC §3). */
export function feedSubscriptionId(feedId: string): string {
  return `feed/${feedId}`;
}

/** Runs statements in order as one batch (one worker message in the browser). */
export async function runStatements(tx: SqlRunner, statements: readonly Statement[]) {
  if (statements.length > 0) await executeBatch(tx, statements);
}

/**
 * Inserts a row or, on a key conflict, updates its other columns except those in `keep`
 * (nothing to update: the stored row stays as it is).
 */
export function upsert(
  table: string,
  row: Record<string, SqlValue>,
  key: readonly string[],
  keep: readonly string[] = [],
): Statement {
  const columns = Object.keys(row);
  const updates = columns.filter((c) => !key.includes(c) && !keep.includes(c));
  const conflict = updates.length
    ? `DO UPDATE SET ${updates.map((c) => `${c} = excluded.${c}`).join(", ")}`
    : "DO NOTHING";
  return sql(
    `INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})
     ON CONFLICT (${key.join(", ")}) ${conflict}`,
    ...Object.values(row),
  );
}
