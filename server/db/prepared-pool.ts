import { createHash } from "node:crypto";
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from "kysely";
import type pg from "pg";

/**
 * SQL texts starting with this comment are sent to PostgreSQL as named prepared statements, so
 * each connection plans them once: after five executions PostgreSQL keeps a generic plan when it
 * costs no more than the custom ones (a literal LIMIT helps: a `$n` limit is costed as 10% of the
 * rows). The timeline's five-table join plans in ~1.2 ms and runs in ~0.25 ms: planning was most
 * of its database time. An ANALYZE invalidates the cached plans, so they follow the statistics.
 * On SQLite the comment is inert (its statements are cached by text in `withStatementCache`).
 * Behind PgBouncer, transaction pooling needs its `max_prepared_statements` (1.21+).
 */
export const PREPARED_MARK = "/* prepared */";

/** Named statements per connection; further marked texts go unnamed (planned every time). */
const MAX_NAMED_PER_CONNECTION = 100;

/** A Kysely pool over a `pg.Pool` whose clients honour `PREPARED_MARK`. */
export function preparingPool(pool: pg.Pool): PostgresPool {
  const clients = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    connect: async () => {
      const client = await pool.connect();
      let wrapped = clients.get(client);
      if (!wrapped) {
        wrapped = preparingClient(client);
        clients.set(client, wrapped);
      }
      return wrapped;
    },
    end: () => pool.end(),
    // Kysely opens a control connection with these to cancel a query.
    Client: (pool as unknown as PostgresPool).Client,
    options: pool.options,
  };
}

function preparingClient(client: pg.PoolClient): PostgresPoolClient {
  const named = new Set<string>();
  function query<R>(sql: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>>;
  function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  function query(text: unknown, parameters?: readonly unknown[]): unknown {
    if (typeof text !== "string") return client.query(text as never);
    const values = parameters as unknown[];
    if (text.startsWith(PREPARED_MARK)) {
      const name = `p_${createHash("sha1").update(text).digest("base64url")}`;
      if (named.has(name) || named.size < MAX_NAMED_PER_CONNECTION) {
        named.add(name);
        return client.query({ name, text, values });
      }
    }
    return client.query(text, values);
  }
  return {
    query,
    release: (destroy?: boolean) => client.release(destroy),
    // Kysely reads the backend pid from here to cancel queries.
    get processID() {
      return (client as unknown as { processID?: number }).processID;
    },
  } as PostgresPoolClient;
}
