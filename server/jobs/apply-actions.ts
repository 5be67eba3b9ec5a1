import type { Kysely, Transaction } from "kysely";
import type { ActionResult, EntryActionSettings } from "../../contract/actions.ts";
import { type MatchSubject, matchRules } from "../../contract/actions-match.ts";
import type { Database, EntryRow } from "../db/schema.ts";
import { htmlToText } from "../ingest/html-text.ts";
import { recordEntryAction, rulesOf } from "../storage/actions.ts";
import { nowIso } from "../storage/time.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** What rules asked for beyond the database: sent once the entries are committed. */
export interface ActionOutcome {
  notifications: { userId: string; entryId: string }[];
  webhooks: { userId: string; entryId: string; url: string }[];
}

export const noOutcome = (): ActionOutcome => ({ notifications: [], webhooks: [] });

/** Markup read for content tests at most (the text is cut again before matching). */
const MAX_CONTENT_HTML = 100_000;
/** Cross-feed de-duplication looks this far back. */
const DEDUPE_WINDOW_MS = 24 * 60 * 60_000;

/**
 * Runs each subscriber's rules on entries just stored for a feed, inside the storing
 * transaction: silence marks read, block hides (and reads), star stars, dedupe hides a repeat
 * of an entry the user already has from another feed; the other flags are kept for the entry
 * lists. Notifications and webhooks are collected for after the commit.
 */
export async function applyActions(
  db: Db,
  feedId: string,
  entries: readonly EntryRow[],
  userIds: readonly string[],
  outcome: ActionOutcome,
): Promise<number> {
  if (entries.length === 0 || userIds.length === 0) return 0;
  const rules = await rulesOf(db, userIds);
  if (rules.size === 0) return 0;
  const feed = await db
    .selectFrom("feed")
    .select(["title", "site_url", "url"])
    .where("id", "=", feedId)
    .executeTakeFirst();
  const subscriptions = await db
    .selectFrom("subscription")
    .select(["user_id", "view", "category", "title"])
    .where("feed_id", "=", feedId)
    .where("user_id", "in", [...rules.keys()])
    .execute();
  const texts = new Map(
    entries.map((entry) => [
      entry.id,
      htmlToText((entry.content ?? entry.description ?? "").slice(0, MAX_CONTENT_HTML)),
    ]),
  );
  let matched = 0;
  for (const subscription of subscriptions) {
    const userRules = rules.get(subscription.user_id)!;
    for (const entry of entries) {
      const subject = subjectOf(entry, texts.get(entry.id) ?? "", {
        feedTitle: subscription.title ?? feed?.title ?? null,
        view: subscription.view,
        category: subscription.category,
        siteUrl: feed?.site_url ?? null,
        feedUrl: feed?.url ?? null,
      });
      const result = matchRules(userRules, subject);
      if (!result) continue;
      matched += 1;
      await applyResult(db, subscription.user_id, subscription.view, entry, result, outcome);
    }
  }
  return matched;
}

async function applyResult(
  db: Db,
  userId: string,
  view: number,
  entry: EntryRow,
  result: ActionResult,
  outcome: ActionOutcome,
) {
  const { webhooks, dedupe, ...flags } = result;
  const settings: EntryActionSettings = { ...flags };
  if (dedupe && (await isRepeat(db, userId, entry))) settings.block = true;
  if (settings.silence || settings.block) {
    await db
      .deleteFrom("unread")
      .where("user_id", "=", userId)
      .where("entry_id", "=", entry.id)
      .execute();
  }
  if (settings.star && !settings.block) {
    await db
      .insertInto("collection")
      .values({
        user_id: userId,
        entry_id: entry.id,
        feed_id: entry.feed_id,
        view,
        created_at: nowIso(),
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  await recordEntryAction(db, userId, entry.id, settings);
  if (settings.block) return;
  if (settings.newEntryNotification) outcome.notifications.push({ userId, entryId: entry.id });
  for (const url of webhooks ?? []) outcome.webhooks.push({ userId, entryId: entry.id, url });
}

/** Whether the user already has an entry with this URL or title from another feed, lately. */
async function isRepeat(db: Db, userId: string, entry: EntryRow): Promise<boolean> {
  const since = new Date(Date.parse(entry.inserted_at) - DEDUPE_WINDOW_MS).toISOString();
  const title = entry.title?.trim().toLowerCase() || null;
  if (!entry.url && !title) return false;
  const found = await db
    .selectFrom("entry")
    .innerJoin("subscription", "subscription.feed_id", "entry.feed_id")
    .select("entry.id")
    .where("subscription.user_id", "=", userId)
    .where("entry.feed_id", "!=", entry.feed_id)
    .where("entry.inserted_at", ">=", since)
    .where((eb) =>
      eb.or([
        ...(entry.url ? [eb("entry.url", "=", entry.url)] : []),
        ...(title ? [eb(eb.fn("lower", ["entry.title"]), "=", title)] : []),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return found !== undefined;
}

export function subjectOf(
  entry: Pick<EntryRow, "title" | "url" | "author" | "media" | "attachments">,
  text: string,
  source: Pick<MatchSubject, "feedTitle" | "view" | "category" | "siteUrl" | "feedUrl">,
): MatchSubject {
  const attachments = JSON.parse(entry.attachments || "[]") as { duration_in_seconds?: number }[];
  return {
    ...source,
    title: entry.title,
    content: text,
    url: entry.url,
    author: entry.author,
    mediaLength: (JSON.parse(entry.media || "[]") as unknown[]).length,
    attachmentsDuration: attachments.reduce((sum, a) => sum + (a.duration_in_seconds ?? 0), 0),
  };
}

/** Entries looked at at most when rules are applied on demand. */
const APPLY_LIMIT = 2_000;

/**
 * Applies a user's rules now to their entries of the last `days` days (newest first, at most
 * 2,000), feed by feed. Notifications and webhooks are for new entries only: not sent here.
 */
export async function applyRulesToRecent(
  database: { db: Kysely<Database> },
  userId: string,
  days: number,
): Promise<number> {
  const since = new Date(Date.now() - days * 86_400_000).toISOString();
  const entries = await database.db
    .selectFrom("entry")
    .innerJoin("subscription", "subscription.feed_id", "entry.feed_id")
    .selectAll("entry")
    .where("subscription.user_id", "=", userId)
    .where("entry.inserted_at", ">=", since)
    .orderBy("entry.inserted_at", "desc")
    .limit(APPLY_LIMIT)
    .execute();
  const byFeed = new Map<string, EntryRow[]>();
  for (const entry of entries) {
    const list = byFeed.get(entry.feed_id) ?? [];
    list.push(entry);
    byFeed.set(entry.feed_id, list);
  }
  let matched = 0;
  await database.db.transaction().execute(async (trx) => {
    for (const [feedId, list] of byFeed) {
      matched += await applyActions(trx, feedId, list, [userId], noOutcome());
    }
  });
  return matched;
}
