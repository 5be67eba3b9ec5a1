import { executeBatch } from "./batch.ts";
import type { SqlRunner, SqlValue } from "./types.ts";

/** One SQL write a materializer asks for; materializers return these and never run them. */
export interface Statement {
  sql: string;
  params: SqlValue[];
  /** The table the statement writes, when a builder made it (see local-sql.ts). */
  writes?: string;
}

/** The subscription id in its client-side form, `feed/<feedId>`. */
export function feedSubscriptionId(feedId: string): string {
  return `feed/${feedId}`;
}

/** Runs statements in order as one batch (one worker message in the browser). */
export async function runStatements(tx: SqlRunner, statements: readonly Statement[]) {
  if (statements.length > 0) await executeBatch(tx, statements);
}
