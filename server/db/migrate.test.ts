import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { memoryDatabaseWithAuth } from "../../tests/support/memory-auth.ts";
import type { Auth } from "../auth.ts";
import { createLogger, type Logger } from "../logger.ts";
import type { DatabaseHandle } from "./connect.ts";
import { authSchemaDigest, migrateDatabase } from "./migrate.ts";

let database: DatabaseHandle;
let auth: Auth;
let logger: Logger;

beforeEach(() => {
  ({ database, auth, logger } = memoryDatabaseWithAuth());
});
afterEach(() => database.close());

const tables = async () =>
  (
    await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(
      database.db,
    )
  ).rows.map((row) => row.name);
const recorded = async () =>
  (
    await database.db
      .selectFrom("server_meta")
      .select("value")
      .where("key", "=", "auth_schema")
      .executeTakeFirst()
  )?.value;

describe("start-up migrations", () => {
  it("says which server migrations it will run before running them, and nothing when none", async () => {
    const lines: Array<{ msg: string; migrations?: string[]; migration?: string }> = [];
    const captured = createLogger(
      { logLevel: "info" },
      { write: (line) => lines.push(JSON.parse(line)) },
    );
    await migrateDatabase(database, auth, captured);
    const announced = lines.findIndex((line) => line.msg === "running server migrations");
    const firstRun = lines.findIndex((line) => line.msg === "server migration");
    expect(announced).toBeGreaterThanOrEqual(0);
    expect(announced).toBeLessThan(firstRun);
    expect(lines[announced]?.migrations).toContain("0044_entry_content_last");
    expect(lines[announced]?.migrations?.length).toBe(
      lines.filter((line) => line.msg === "server migration").length,
    );

    lines.length = 0;
    await migrateDatabase(database, auth, captured);
    expect(lines.map((line) => line.msg)).not.toContain("running server migrations");
  });

  it("records what better-auth's tables were checked against, and skips the check while it holds", async () => {
    await migrateDatabase(database, auth, logger);
    expect(await tables()).toEqual(expect.arrayContaining(["user", "verification", "feed"]));
    expect(await recorded()).toBe(authSchemaDigest(auth.options, "sqlite"));

    // Proof that the second start does not read the schema: a dropped auth table stays dropped.
    await sql`drop table verification`.execute(database.db);
    await migrateDatabase(database, auth, logger);
    expect(await tables()).not.toContain("verification");

    // Without the record, the next start checks again and puts it back.
    await database.db.deleteFrom("server_meta").where("key", "=", "auth_schema").execute();
    await migrateDatabase(database, auth, logger);
    expect(await tables()).toContain("verification");
    expect(await recorded()).toBe(authSchemaDigest(auth.options, "sqlite"));
  });

  it("checks again when the options ask for other auth tables (a new field)", async () => {
    await migrateDatabase(database, auth, logger);
    const fields = auth.options.user?.additionalFields ?? {};
    const options = {
      ...auth.options,
      user: {
        ...auth.options.user,
        additionalFields: { ...fields, nickname: { type: "string" as const, required: false } },
      },
    };
    expect(authSchemaDigest(options, "sqlite")).not.toBe(authSchemaDigest(auth.options, "sqlite"));
    await migrateDatabase(database, { options }, logger);
    const columns = (
      await sql<{ name: string }>`select name from pragma_table_info('user')`.execute(database.db)
    ).rows.map((row) => row.name);
    expect(columns).toContain("nickname");
    expect(await recorded()).toBe(authSchemaDigest(options, "sqlite"));
  });

  it("digests the same options the same way, and each database type apart", () => {
    expect(authSchemaDigest(auth.options, "sqlite")).toBe(authSchemaDigest(auth.options, "sqlite"));
    expect(authSchemaDigest(auth.options, "postgres")).not.toBe(
      authSchemaDigest(auth.options, "sqlite"),
    );
  });
});
