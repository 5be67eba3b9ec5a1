import type { CompiledQuery } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unfetchedFeedRow } from "../../../tests/support/feed-rows.ts";
import {
  migratedSqliteFile,
  type TemporaryDatabase,
} from "../../../tests/support/migrated-database.ts";
import type { DatabaseHandle } from "../../db/connect.ts";
import type { EntryRow } from "../../db/schema.ts";
import type { Logger } from "../../logger.ts";
import { createDailyReports, REPORT_MAX_ENTRIES } from "./reports.ts";

const quiet = { error: () => undefined, warn: () => undefined } as unknown as Logger;
const ENTRIES = 300;
const NOW = new Date("2026-03-08T12:30:00Z");
const USER = "reader";

/**
 * A report reads the markup of the entries it shows, not of every entry of its period: after a
 * first refresh that period holds the whole database, and reading it all (to sort) took the
 * server from 278 to 407 MB with no request at all.
 */
describe("daily report reads", () => {
  let temporary: TemporaryDatabase;
  let database: DatabaseHandle;
  const queries: CompiledQuery[] = [];

  beforeAll(async () => {
    temporary = await migratedSqliteFile("follow-daily-reads-", (query) => queries.push(query));
    database = temporary.database;
    const db = database.db;
    const inserted = "2026-03-08T06:00:00.000Z";
    await db
      .insertInto("feed")
      .values(unfetchedFeedRow("feed", "https://news.example/feed.xml", inserted))
      .execute();
    await db
      .insertInto("subscription")
      .values({ user_id: USER, feed_id: "feed", view: 0, is_private: 0, created_at: inserted })
      .execute();
    for (let from = 0; from < ENTRIES; from += 100) {
      const rows: EntryRow[] = Array.from({ length: 100 }, (_, k) => {
        const i = from + k;
        const url = `https://news.example/${i}`;
        return {
          id: `e${String(i).padStart(4, "0")}`,
          feed_id: "feed",
          guid: url,
          title: `Story ${i}`,
          url,
          content: `<p>Story ${i} in full. ${"More words. ".repeat(50)}</p>`,
          description: `<p>Story ${i} in short.</p>`,
          author: null,
          author_url: null,
          author_avatar: null,
          language: "en",
          categories: "[]",
          media: "[]",
          attachments: "[]",
          extra: null,
          content_hash: String(i).padStart(64, "0"),
          published_at: new Date(NOW.getTime() - 86_400_000 + i * 60_000).toISOString(),
          inserted_at: inserted,
          updated_at: inserted,
        };
      });
      await db.insertInto("entry").values(rows).execute();
      await db
        .insertInto("unread")
        .values(
          rows.map((row) => ({
            user_id: USER,
            entry_id: row.id,
            feed_id: row.feed_id,
            published_at: row.published_at,
          })),
        )
        .execute();
    }
  });
  afterAll(async () => {
    await temporary?.dispose();
  });

  it("picks the newest entries by narrow columns, then reads the markup of those only", async () => {
    const reports = createDailyReports({
      database,
      providerFor: async () => null,
      logger: quiet,
      defaultTimeZone: "UTC",
    });
    queries.length = 0;
    // The report for 8 AM UTC covers what arrived since 8 PM the day before: every entry above.
    await reports.runDue(NOW);
    const report = await database.db
      .selectFrom("daily_report")
      .select(["kind", "entries"])
      .where("user_id", "=", USER)
      .executeTakeFirstOrThrow();
    const cited = JSON.parse(report.entries) as Array<{ id: string }>;
    expect(report.kind).toBe("extractive");
    expect(cited).toHaveLength(REPORT_MAX_ENTRIES);
    expect(cited[0]?.id).toBe(`e0${ENTRIES - 1}`);

    const markupReads = queries.filter((query) => /^select .*"content"/s.test(query.sql));
    expect(markupReads.length).toBeGreaterThan(0);
    for (const query of markupReads) {
      // By id, at most one report's worth: never a walk over the unread entries of the period.
      expect(query.sql).not.toMatch(/"unread"/);
      expect(query.sql).toMatch(/"entry"\."id" in \(/);
      expect(query.parameters.length).toBeLessThanOrEqual(REPORT_MAX_ENTRIES + 1);
    }
  });
});
