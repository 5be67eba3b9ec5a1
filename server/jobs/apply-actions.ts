import { setImmediate as pause } from "node:timers/promises";
import type { Kysely, Transaction } from "kysely";
import type { ActionResult, ActionRule, EntryActionSettings } from "../../contract/actions.ts";
import { type MatchSubject, matchBudget, matchRulesSteps } from "../../contract/actions-match.ts";
import { htmlToText } from "../../contract/html/text.ts";
import type { Database, EntryRow } from "../db/schema.ts";
import { recordEntryAction, subscriberRules } from "../storage/actions.ts";
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
/** Matching lets other work (HTTP requests) run after about this many steps. */
const STEPS_BETWEEN_PAUSES = 250_000;

/** What rules decided for entries, worked out before the write: entry id → each user's result. */
export type ActionPlan = Map<string, { userId: string; view: number; result: ActionResult }[]>;

/**
 * Runs each subscriber's rules on a feed's entries (`entries` is read only when someone has
 * rules), outside any transaction: the write then only records the outcomes (writeActions), and
 * holds no lock while patterns run. Each entry costs each user's rules a bounded number of steps
 * (ENTRY_STEP_BUDGET), and matching pauses every STEPS_BETWEEN_PAUSES steps so requests are
 * answered meanwhile. `onlyUser` limits it to one subscriber.
 */
export async function planActions(
  db: Db,
  feedId: string,
  entries: () => Promise<readonly EntryRow[]>,
  onlyUser?: string,
): Promise<ActionPlan> {
  const plan: ActionPlan = new Map();
  const holders = await subscriberRules(db, feedId, onlyUser);
  if (holders.length === 0) return plan;
  const candidates = await entries();
  if (candidates.length === 0) return plan;
  const feed = await db
    .selectFrom("feed")
    .select(["title", "site_url", "url"])
    .where("id", "=", feedId)
    .executeTakeFirst();
  const texts = new Map(
    candidates.map((entry) => [
      entry.id,
      htmlToText((entry.content ?? entry.description ?? "").slice(0, MAX_CONTENT_HTML)),
    ]),
  );
  const pacer = { sincePause: 0 };
  for (const holder of holders) {
    for (const entry of candidates) {
      const subject = subjectOf(entry, texts.get(entry.id) ?? "", {
        feedTitle: holder.title ?? feed?.title ?? null,
        view: holder.view,
        category: holder.category,
        siteUrl: feed?.site_url ?? null,
        feedUrl: feed?.url ?? null,
      });
      let result: ActionResult | null;
      try {
        result = await matchPaced(holder.rules, subject, pacer);
      } catch {
        // A stored rule that no longer reads right matches nothing: storing never fails for it.
        result = null;
      }
      if (!result) continue;
      const planned = plan.get(entry.id) ?? [];
      planned.push({ userId: holder.userId, view: holder.view, result });
      plan.set(entry.id, planned);
    }
  }
  return plan;
}

/** matchRules on one entry, pausing whenever STEPS_BETWEEN_PAUSES steps ran since the last. */
async function matchPaced(
  rules: readonly ActionRule[],
  subject: MatchSubject,
  pacer: { sincePause: number },
): Promise<ActionResult | null> {
  const budget = matchBudget();
  const steps = matchRulesSteps(rules, subject, budget);
  let counted = 0;
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    pacer.sincePause += budget.steps - counted;
    counted = budget.steps;
    if (pacer.sincePause >= STEPS_BETWEEN_PAUSES) {
      pacer.sincePause = 0;
      await pause();
    }
  }
}

/**
 * Records what the plan decided for these entries (those the write actually stored): silence
 * marks read, block hides (and reads), star stars, dedupe hides a repeat of an entry the user
 * already has from another feed; the other flags are kept for the entry lists. Notifications and
 * webhooks are collected for after the commit. Answers how many (user, entry) pairs matched.
 */
export async function writeActions(
  db: Db,
  plan: ActionPlan,
  entries: readonly EntryRow[],
  outcome: ActionOutcome,
): Promise<number> {
  let matched = 0;
  if (plan.size === 0) return matched;
  for (const entry of entries) {
    for (const { userId, view, result } of plan.get(entry.id) ?? []) {
      matched += 1;
      await applyResult(db, userId, view, entry, result, outcome);
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
  const { webhooks, dedupe, tags, ...flags } = result;
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
  if (tags && tags.length > 0) {
    const now = nowIso();
    await db
      .insertInto("entry_tag")
      .values(tags.map((tag) => ({ user_id: userId, entry_id: entry.id, tag, created_at: now })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
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
  const plans: [ActionPlan, EntryRow[]][] = [];
  for (const [feedId, list] of byFeed) {
    plans.push([await planActions(database.db, feedId, async () => list, userId), list]);
  }
  let matched = 0;
  await database.db.transaction().execute(async (trx) => {
    for (const [plan, list] of plans) matched += await writeActions(trx, plan, list, noOutcome());
  });
  return matched;
}
