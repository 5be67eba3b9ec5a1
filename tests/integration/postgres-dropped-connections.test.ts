import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase, type DatabaseHandle } from "../../server/db/connect.ts";
import { createTestPostgres, type TestPostgres } from "../support/postgres.ts";

/**
 * PostgreSQL ending the server's connections (a restart, a failover, an administrator) is no
 * crash: idle connections it cuts are dropped quietly and the next query gets a new one.
 */
describe("PostgreSQL connections ended by the database", () => {
  let postgres: TestPostgres;
  let database: DatabaseHandle;
  beforeAll(async () => {
    postgres = await createTestPostgres();
    database = connectDatabase({ databaseUrl: postgres.url, databasePath: ":memory:" });
  });
  afterAll(async () => {
    await database?.close();
    await postgres?.drop();
  });

  it("survives its idle connections being terminated, and answers the next query", async () => {
    const pid = async () =>
      Number(
        (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database.db)).rows[0]!
          .pid,
      );
    const before = await pid();
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    try {
      const ended = await admin.query("select pg_terminate_backend($1) as ok", [before]);
      expect(ended.rows[0].ok).toBe(true);
    } finally {
      await admin.end();
    }
    // The pool learns of it from the socket; then a query runs on a new connection.
    await expect.poll(pid, { timeout: 10_000 }).not.toBe(before);
  });
});
