import type { ExecuteResult, SqlRunner, SqlValue } from "./types.ts";

export interface SqlStatement {
  sql: string;
  params?: readonly SqlValue[];
  /** The table a built statement writes (its transaction notifies that table's queries). */
  writes?: string;
}

/**
 * A runner that can take many statements at once. In the browser every statement is a
 * message to the database worker (about 0.3 ms each), so 10,000 inserts one by one cost
 * seconds; as one batch they cost one message. The database and the runners handed to
 * transaction work all have it.
 */
export interface BatchRunner extends SqlRunner {
  /**
   * Runs the statements in order like execute(); stops and throws at the first failure.
   * Outside a transaction each statement commits on its own: wrap bulk writes in
   * transaction() and batch on its runner (with executeBatch below).
   */
  executeBatch(statements: readonly SqlStatement[]): Promise<ExecuteResult[]>;
}

/** Runs statements as one batch where the runner supports it, else one by one. */
export async function executeBatch(
  runner: SqlRunner,
  statements: readonly SqlStatement[],
): Promise<ExecuteResult[]> {
  const batch = (runner as Partial<BatchRunner>).executeBatch;
  if (batch) return batch.call(runner, statements);
  return runInOrder((sql, params) => runner.execute(sql, params), statements);
}

/** Runs `statements` one after another on `execute`: the shared body of every executeBatch. */
export async function runInOrder(
  execute: (sql: string, params?: readonly SqlValue[]) => Promise<ExecuteResult>,
  statements: readonly SqlStatement[],
): Promise<ExecuteResult[]> {
  const results: ExecuteResult[] = [];
  for (const { sql, params } of statements) results.push(await execute(sql, params));
  return results;
}
