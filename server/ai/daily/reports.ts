import { htmlToText } from "../../../contract/html/text.ts";
import type { DatabaseHandle } from "../../db/connect.ts";
import type { Logger } from "../../logger.ts";
import { feedOpenTo } from "../../storage/feed-access.ts";
import { nextEntityId } from "../../storage/ids.ts";
import { readSettings } from "../../storage/settings.ts";
import { nowIso } from "../../storage/time.ts";
import type { ChatProvider } from "../chat/provider.ts";
import {
  type ComposedReport,
  composeExtractive,
  composeWithModel,
  EXCERPT_CHARS,
  type ReportEntry,
} from "./compose.ts";
import { isTimeZone, latestSlot, nextSlot, previousSlot, serverTimeZone } from "./schedule.ts";

/** Entries one report covers at most (the newest): a digest, not the whole timeline. */
export const REPORT_MAX_ENTRIES = 40;
/** Reports kept this long (the endpoint answers a week of them at most). */
export const REPORT_RETENTION_DAYS = 30;
/** A row being written: claimed by one process, not shown until its content is in. */
const COMPOSING = "composing";
/** A claim this old belongs to a process that died while composing: another may take it. */
const CLAIM_STALE_MS = 10 * 60_000;
/** Markup read per entry for its excerpt (hostile feeds cannot make a report costly). */
const MAX_HTML_PER_ENTRY = 20_000;

export interface StoredReportEntry {
  id: string;
  feedId: string;
  view: number;
  title: string | null;
  feedTitle: string | null;
  url: string | null;
}

export interface DailyReport {
  id: string;
  slotAt: string;
  since: string;
  timeZone: string;
  kind: "model" | "extractive";
  content: string;
  entries: StoredReportEntry[];
  createdAt: string;
}

/**
 * The daily AI report: at 8 AM and 8 PM in each user's time zone (general settings
 * `timeZone`, else the server's), a digest of their unread entries that arrived since the last
 * report, written by their provider (or the server's) or, with none or when it fails, picked
 * extractively and labelled so. `general.dailyReport: false` turns it off. One row per user and
 * slot: several servers on one database write it once.
 */
export function createDailyReports(deps: {
  database: DatabaseHandle;
  providerFor: (userId: string) => Promise<ChatProvider | null>;
  logger: Logger;
  /** The zone for users who set none (tests pin it). */
  defaultTimeZone?: string;
}) {
  const { database, logger } = deps;
  const defaultZone = deps.defaultTimeZone ?? serverTimeZone();
  /** Per user, the next instant worth looking at (no work before it). */
  const notBefore = new Map<string, number>();
  let prunedAt = Number.NEGATIVE_INFINITY;

  /** Drops reports past the retention, at most once an hour of the clock. */
  async function prune(now: Date) {
    if (now.getTime() - prunedAt < 3_600_000 && now.getTime() >= prunedAt) return;
    prunedAt = now.getTime();
    const before = new Date(now.getTime() - REPORT_RETENTION_DAYS * 86_400_000).toISOString();
    await database.db.deleteFrom("daily_report").where("slot_at", "<", before).execute();
  }

  async function preferences(userId: string) {
    const general = (await readSettings(database, userId, "general"))[0]?.values ?? {};
    return {
      enabled: general.dailyReport !== false,
      timeZone: isTimeZone(general.timeZone) ? general.timeZone : defaultZone,
      // Written in the language of summaries (actionLanguage), else the interface's.
      language:
        typeof general.actionLanguage === "string" && general.actionLanguage !== "default"
          ? general.actionLanguage
          : typeof general.language === "string"
            ? general.language
            : "en",
    };
  }

  /**
   * The report's entries in two steps: first the newest ids by narrow columns only, then the
   * markup of those few. One query selecting the markup too would read the description and
   * content of every unread entry of the period (the whole database after a first refresh) to
   * sort them.
   */
  async function entriesBetween(userId: string, since: string, until: string) {
    const newest = await database.db
      .selectFrom("unread")
      .innerJoin("entry", "entry.id", "unread.entry_id")
      .innerJoin("feed", "feed.id", "entry.feed_id")
      .select("entry.id")
      .where("unread.user_id", "=", userId)
      // Someone else's inbox reaches no report, whatever rows an older version left behind.
      .where(feedOpenTo(userId))
      .where("entry.inserted_at", ">", since)
      .where("entry.inserted_at", "<=", until)
      .orderBy("entry.published_at", "desc")
      .limit(REPORT_MAX_ENTRIES)
      .execute();
    if (newest.length === 0) return [];
    const rows = await database.db
      .selectFrom("entry")
      .innerJoin("feed", "feed.id", "entry.feed_id")
      .leftJoin("subscription", (join) =>
        join
          .onRef("subscription.feed_id", "=", "entry.feed_id")
          .on("subscription.user_id", "=", userId),
      )
      .select([
        "entry.id",
        "entry.feed_id",
        "entry.title",
        "entry.url",
        "entry.description",
        "entry.content",
        "feed.title as feed_title",
        "subscription.title as subscription_title",
        "subscription.view",
      ])
      .where(
        "entry.id",
        "in",
        newest.map((row) => row.id),
      )
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    return newest.flatMap(({ id }) => {
      const row = byId.get(id);
      if (!row) return [];
      return [
        {
          id: row.id,
          feedId: row.feed_id,
          view: row.view ?? 0,
          title: row.title,
          feedTitle: row.subscription_title ?? row.feed_title,
          url: row.url,
          excerpt: htmlToText((row.description || row.content || "").slice(0, MAX_HTML_PER_ENTRY))
            .replace(/\s+/g, " ")
            .slice(0, EXCERPT_CHARS),
        } satisfies ReportEntry,
      ];
    });
  }

  async function compose(userId: string, entries: ReportEntry[], language: string) {
    if (entries.length === 0) return { kind: "extractive", content: "" } as ComposedReport;
    const provider = await deps.providerFor(userId);
    if (!provider) return composeExtractive(entries);
    try {
      return await composeWithModel(provider, entries, language);
    } catch (error) {
      // A provider down at 8 o'clock still gives a report: the extractive one, labelled so.
      logger.warn({ err: error, userId }, "daily report: provider failed, extractive instead");
      return composeExtractive(entries);
    }
  }

  /** Writes the user's report for the slot due at `now`, unless it exists; true if written. */
  async function reportFor(userId: string, now: Date): Promise<boolean> {
    const prefs = await preferences(userId);
    notBefore.set(userId, nextSlot(now, prefs.timeZone).getTime());
    if (!prefs.enabled) return false;
    const slot = latestSlot(now, prefs.timeZone).toISOString();
    const last = await database.db
      .selectFrom("daily_report")
      .select("slot_at")
      .where("user_id", "=", userId)
      .orderBy("slot_at", "desc")
      .limit(1)
      .executeTakeFirst();
    if (last && last.slot_at >= slot) return false;
    const since = last?.slot_at ?? previousSlot(new Date(slot), prefs.timeZone).toISOString();
    const id = await claim(userId, slot, since, prefs.timeZone, now);
    if (!id) return false;
    try {
      const entries = await entriesBetween(userId, since, slot);
      const report = await compose(userId, entries, prefs.language);
      const cited: StoredReportEntry[] = entries.map(({ excerpt: _excerpt, ...entry }) => entry);
      await database.db
        .updateTable("daily_report")
        .set({
          kind: report.kind,
          content: report.content,
          entries: JSON.stringify(cited),
          created_at: nowIso(),
        })
        .where("id", "=", id)
        .execute();
      return true;
    } catch (error) {
      // The slot is free again for the next check (here or in another process).
      await database.db.deleteFrom("daily_report").where("id", "=", id).execute();
      throw error;
    }
  }

  /**
   * Takes the (user, slot) row before composing, so of several processes on one database only
   * one calls the model. A claim left by a process that died while composing is taken over
   * once it is older than CLAIM_STALE_MS. Answers the row's id, or undefined if another has it.
   */
  async function claim(userId: string, slot: string, since: string, zone: string, now: Date) {
    const id = nextEntityId();
    const claimedAt = now.toISOString();
    const inserted = await database.db
      .insertInto("daily_report")
      .values({
        id,
        user_id: userId,
        slot_at: slot,
        since_at: since,
        time_zone: zone,
        kind: COMPOSING,
        content: "",
        entries: "[]",
        created_at: claimedAt,
      })
      .onConflict((oc) => oc.columns(["user_id", "slot_at"]).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return id;
    const stale = new Date(now.getTime() - CLAIM_STALE_MS).toISOString();
    const taken = await database.db
      .updateTable("daily_report")
      .set({ created_at: claimedAt })
      .where("user_id", "=", userId)
      .where("slot_at", "=", slot)
      .where("kind", "=", COMPOSING)
      .where("created_at", "<", stale)
      .returning("id")
      .executeTakeFirst();
    return taken?.id;
  }

  return {
    /**
     * Writes every report due at `now` (the clock is the caller's: tests pass any instant).
     * Answers how many were written.
     */
    async runDue(now: Date): Promise<number> {
      await prune(now);
      const users = await database.db
        .selectFrom("subscription")
        .select("user_id")
        .distinct()
        .execute();
      let written = 0;
      for (const { user_id: userId } of users) {
        if ((notBefore.get(userId) ?? 0) > now.getTime()) continue;
        try {
          if (await reportFor(userId, now)) written += 1;
        } catch (error) {
          notBefore.delete(userId);
          logger.error({ err: error, userId }, "daily report failed");
        }
      }
      return written;
    },
  };
}

export type DailyReports = ReturnType<typeof createDailyReports>;

/** The user's latest reports, newest first. */
export async function listDailyReports(
  database: DatabaseHandle,
  userId: string,
  limit: number,
): Promise<DailyReport[]> {
  const rows = await database.db
    .selectFrom("daily_report")
    .selectAll()
    .where("user_id", "=", userId)
    .where("kind", "!=", COMPOSING)
    .orderBy("slot_at", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    slotAt: row.slot_at,
    since: row.since_at,
    timeZone: row.time_zone,
    kind: row.kind as DailyReport["kind"],
    content: row.content,
    entries: JSON.parse(row.entries) as StoredReportEntry[],
    createdAt: row.created_at,
  }));
}

/**
 * Checks for due reports every `intervalMs` by the given clock (a minute by default: reports
 * come out within that of 8 o'clock). Timers are unref'd; stop() waits for a running check.
 */
export function startDailyReportLoop(
  reports: DailyReports,
  logger: Logger,
  options: { intervalMs: number; clock?: () => Date },
) {
  const clock = options.clock ?? (() => new Date());
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = reports
      .runDue(clock())
      .catch((error) => logger.error({ err: error }, "daily report check failed"))
      .finally(() => {
        running = undefined;
      });
  }, options.intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
