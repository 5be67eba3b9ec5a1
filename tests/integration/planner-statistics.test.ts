import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase, type DatabaseHandle } from "../../server/db/connect.ts";
import { keepStatistics } from "../../server/db/statistics.ts";
import { createLogger } from "../../server/logger.ts";
import { listEntries } from "../../server/storage/entry-queries.ts";
import { migrateServerSchema } from "../support/migrated-database.ts";
import { createTestPostgres, type TestPostgres } from "../support/postgres.ts";

const USER = "planner-user";
const FEEDS = 100;
const ENTRIES = 20_000;

/**
 * PostgreSQL right after a bulk ingest into a fresh database: the statistics keeper analyzes
 * the tables that changed (the timeline then walks its index instead of sorting every entry),
 * and the timeline query runs as a named statement whose generic plan is kept (no planning).
 */
describe("PostgreSQL planner statistics and prepared timeline", () => {
  let postgres: TestPostgres;
  let database: DatabaseHandle;

  beforeAll(async () => {
    postgres = await createTestPostgres();
    // One connection: the prepared statements checked below live on it.
    database = connectDatabase({ databaseUrl: postgres.url, databasePath: "", databasePoolMax: 1 });
    await migrateServerSchema(database.db);
    await withoutAutovacuum(database);
    const now = "2026-01-01T00:00:00.000Z";
    await sql`insert into feed (id, url, next_check_at, created_at, updated_at)
      select 'f' || i, 'https://site' || i || '.example.com/feed.xml', ${now}, ${now}, ${now}
      from generate_series(1, ${FEEDS}) i`.execute(database.db);
    await sql`insert into subscription (user_id, feed_id, view, is_private, created_at)
      select ${USER}, 'f' || i, i % 2, 0, ${now} from generate_series(1, ${FEEDS}) i`.execute(
      database.db,
    );
    await sql`insert into entry (id, feed_id, guid, title, content, categories, media, attachments,
        content_hash, published_at, inserted_at, updated_at)
      select lpad(i::text, 19, '0'), 'f' || (i % ${FEEDS} + 1), 'g' || i, 'Post ' || i,
        repeat('content ', 100), '[]', '[]', '[]', md5(i::text),
        to_char(timestamp '2025-01-01' + i * interval '1 minute', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        ${now}, ${now}
      from generate_series(1, ${ENTRIES}) i`.execute(database.db);
  });

  afterAll(async () => {
    await database?.close();
    await postgres?.drop();
  });

  it("analyzes the tables a bulk ingest filled, and then only when they change again", async () => {
    // The counters reach pg_stat_user_tables when a backend reports them: wait for that.
    await waitFor(async () => {
      const { rows } = await sql<{ changed: string }>`
        select n_mod_since_analyze as changed from pg_stat_user_tables
        where relname = 'entry' and schemaname = current_schema()`.execute(database.db);
      return Number(rows[0]?.changed ?? 0) >= ENTRIES;
    });
    const keeper = keepStatistics(
      connectDatabase({ databaseUrl: postgres.url, databasePath: "", databasePoolMax: 1 }),
      createLogger({ logLevel: "silent" }),
    );
    try {
      const analyzed = await keeper.check();
      expect(analyzed).toEqual(expect.arrayContaining(["entry", "subscription", "feed"]));
      expect(await keeper.check()).toEqual([]);
    } finally {
      await keeper.stop();
    }
    const plan = await explainTimeline(database);
    // The newest-first index walk stops after the page; no sort of every subscribed entry.
    expect(plan).toContain("entry_published_id");
    expect(plan).not.toMatch(/^\s*(->\s*)?Sort\b/m);
  });

  it("keeps the timeline's generic plan on its connection", async () => {
    for (let i = 0; i < 10; i++) {
      const items = await listEntries(database, USER, { view: 0, limit: 20 });
      expect(items).toHaveLength(20);
    }
    const { rows } = await sql<{ statement: string; generic: string }>`
      select statement, generic_plans as generic from pg_prepared_statements`.execute(database.db);
    const timeline = rows.filter((row) => row.statement.startsWith("/* prepared */"));
    expect(timeline.length).toBeGreaterThan(0);
    expect(Math.max(...timeline.map((row) => Number(row.generic)))).toBeGreaterThan(0);
  });
});

/**
 * A fresh install with a few subscriptions: `subscription` never reaches an absolute change
 * threshold, and unanalyzed it is costed as one matching row, so the timeline would drive from
 * it and sort every subscribed entry. The keeper's own timer analyzes it at its first change.
 */
describe("PostgreSQL planner on a fresh install with a few subscriptions", () => {
  let postgres: TestPostgres;
  let database: DatabaseHandle;
  const FEW_FEEDS = 3;
  const SOME_ENTRIES = 3_000;

  beforeAll(async () => {
    postgres = await createTestPostgres();
    database = connectDatabase({ databaseUrl: postgres.url, databasePath: "", databasePoolMax: 1 });
    await migrateServerSchema(database.db);
    await withoutAutovacuum(database);
    const now = "2026-01-01T00:00:00.000Z";
    await sql`insert into feed (id, url, next_check_at, created_at, updated_at)
      select 'f' || i, 'https://site' || i || '.example.com/feed.xml', ${now}, ${now}, ${now}
      from generate_series(1, ${FEW_FEEDS}) i`.execute(database.db);
    await sql`insert into subscription (user_id, feed_id, view, is_private, created_at)
      select ${USER}, 'f' || i, 0, 0, ${now} from generate_series(1, ${FEW_FEEDS}) i`.execute(
      database.db,
    );
    await sql`insert into entry (id, feed_id, guid, title, content, categories, media, attachments,
        content_hash, published_at, inserted_at, updated_at)
      select lpad(i::text, 19, '0'), 'f' || (i % ${FEW_FEEDS} + 1), 'g' || i, 'Post ' || i,
        repeat('content ', 100), '[]', '[]', '[]', md5(i::text),
        to_char(timestamp '2025-01-01' + i * interval '1 minute', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        ${now}, ${now}
      from generate_series(1, ${SOME_ENTRIES}) i`.execute(database.db);
  });

  afterAll(async () => {
    await database?.close();
    await postgres?.drop();
  });

  it("analyzes the small subscription table by itself, and the timeline walks its index", async () => {
    await waitFor(async () => {
      const { rows } = await sql<{ changed: string }>`
        select n_mod_since_analyze as changed from pg_stat_user_tables
        where relname = 'subscription' and schemaname = current_schema()`.execute(database.db);
      return Number(rows[0]?.changed ?? 0) >= FEW_FEEDS;
    });
    // No check() call: the keeper's timer, as the server runs it.
    const keeper = keepStatistics(
      connectDatabase({ databaseUrl: postgres.url, databasePath: "", databasePoolMax: 1 }),
      createLogger({ logLevel: "silent" }),
      { intervalMs: 100 },
    );
    try {
      await waitFor(async () => {
        const { rows } = await sql<{ analyzed: boolean }>`
          select count(*) = 3 as analyzed from pg_stat_user_tables
          where relname in ('subscription', 'feed', 'entry') and schemaname = current_schema()
            and last_analyze is not null`.execute(database.db);
        return Boolean(rows[0]?.analyzed);
      });
    } finally {
      await keeper.stop();
    }
    const plan = await explainTimeline(database);
    expect(plan).toContain("entry_published_id");
    expect(plan).not.toMatch(/^\s*(->\s*)?Sort\b/m);
  });
});

/**
 * These tests are about the keeper, in the minute before autovacuum reaches a fresh database.
 * Autovacuum visits each database about once a minute at a moment of its own: when it analyzes
 * `entry` first, the keeper rightly leaves it alone, and a wait for the keeper's ANALYZE (or
 * `check()` naming `entry`) would never end. So autovacuum stays off these tables here.
 */
async function withoutAutovacuum(database: DatabaseHandle) {
  for (const table of ["feed", "subscription", "entry"]) {
    await sql`alter table ${sql.id(table)} set (autovacuum_enabled = false)`.execute(database.db);
  }
}

async function explainTimeline(database: DatabaseHandle) {
  let captured: { sql: string; parameters: readonly unknown[] } | undefined;
  const executor = database.db.getExecutor();
  const execute = executor.executeQuery.bind(executor);
  const spy = executor as { executeQuery: typeof execute };
  spy.executeQuery = (query, ...rest) => {
    captured ??= { sql: query.sql, parameters: query.parameters };
    return execute(query, ...rest);
  };
  try {
    await listEntries(database, USER, { view: 0, limit: 20 });
  } finally {
    spy.executeQuery = execute;
  }
  const { rows } = await database.db.executeQuery<{ "QUERY PLAN": string }>({
    ...sql``.compile(database.db),
    sql: `explain ${captured!.sql}`,
    parameters: captured!.parameters,
  });
  return rows.map((row) => row["QUERY PLAN"]).join("\n");
}

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 30_000) {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
