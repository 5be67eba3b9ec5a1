import type { Select } from "./local-sql.ts";
import type { Row, SqlRunner } from "./types.ts";

/** Runs a built select once; a failing one is logged and yields no rows (as `query` does). */
export function selectRows<R>(db: Pick<SqlRunner, "query">, query: Select<R>): Promise<R[]> {
  return db.query<R & Row>(query.sql, query.params);
}

/** Runs a built select once and throws on failure (inside transactions that must roll back). */
export async function selectRowsOrThrow<R>(
  db: Pick<SqlRunner, "execute">,
  query: Select<R>,
): Promise<R[]> {
  return (await db.execute(query.sql, query.params)).rows as R[];
}
