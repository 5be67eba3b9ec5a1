import { type Kysely, sql, type Transaction } from "kysely";
import {
  type ActionRule,
  type EntryActionSettings,
  MAX_ACTION_RULES,
  MAX_RULE_TESTS,
} from "../../contract/actions.ts";
import { conditionGroups, regexProblem, rewrite } from "../../contract/actions-match.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import type { Database, EntryRow } from "../db/schema.ts";
import { StorageRefusal } from "./errors.ts";
import { feedOpenTo } from "./feed-access.ts";
import { nowIso } from "./time.ts";

type Db = Kysely<Database> | Transaction<Database>;

export async function getRules(database: DatabaseHandle, userId: string): Promise<ActionRule[]> {
  const row = await database.db
    .selectFrom("action_rule")
    .select("rules")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row ? (JSON.parse(row.rules) as ActionRule[]) : [];
}

/** Refuses what could not run: too many rules (12000), bad or dangerous regexes (1002). */
export function checkRules(rules: readonly ActionRule[]): void {
  if (rules.length > MAX_ACTION_RULES) {
    throw new StorageRefusal(12000, `at most ${MAX_ACTION_RULES} rules`);
  }
  rules.forEach((rule, index) => {
    const tests = conditionGroups(rule).flat();
    if (tests.length > MAX_RULE_TESTS) {
      throw new StorageRefusal(1002, `rule ${index + 1}: at most ${MAX_RULE_TESTS} conditions`);
    }
    for (const test of tests) {
      if (test.operator !== "regex") continue;
      const problem = regexProblem(test.value);
      if (problem) throw new StorageRefusal(1002, `rule ${index + 1} (${rule.name}): ${problem}`);
    }
    for (const hook of rule.result.webhooks ?? []) {
      if (!/^https?:\/\//i.test(hook) || !URL.canParse(hook)) {
        throw new StorageRefusal(
          1002,
          `rule ${index + 1} (${rule.name}): webhook must be an http(s) URL`,
        );
      }
    }
  });
}

export async function putRules(
  database: DatabaseHandle,
  userId: string,
  rules: readonly ActionRule[],
): Promise<void> {
  checkRules(rules);
  const row = { user_id: userId, rules: JSON.stringify(rules), updated_at: nowIso() };
  await database.db
    .insertInto("action_rule")
    .values(row)
    .onConflict((oc) =>
      oc.column("user_id").doUpdateSet({ rules: row.rules, updated_at: row.updated_at }),
    )
    .execute();
}

/** A feed's subscriber with enabled rules, with what their subscription says of the feed. */
export interface RuleHolder {
  userId: string;
  view: number;
  category: string | null;
  title: string | null;
  rules: ActionRule[];
}

/** The feed's subscribers that have enabled rules (or just `onlyUser`, when given). */
export async function subscriberRules(
  db: Db,
  feedId: string,
  onlyUser?: string,
): Promise<RuleHolder[]> {
  let query = db
    .selectFrom("subscription")
    .innerJoin("action_rule", "action_rule.user_id", "subscription.user_id")
    .select([
      "subscription.user_id",
      "subscription.view",
      "subscription.category",
      "subscription.title",
      "action_rule.rules",
    ])
    .where("subscription.feed_id", "=", feedId)
    // Someone else's inbox feeds no one's rules, whatever subscription row points at it.
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("feed")
          .select("feed.id")
          .whereRef("feed.id", "=", "subscription.feed_id")
          .where(feedOpenTo(sql.ref("subscription.user_id"))),
      ),
    );
  if (onlyUser !== undefined) query = query.where("subscription.user_id", "=", onlyUser);
  const holders: RuleHolder[] = [];
  for (const row of await query.execute()) {
    const rules = parseRules(row.rules).filter((rule) => !rule.disabled);
    if (rules.length === 0) continue;
    holders.push({
      userId: row.user_id,
      view: row.view,
      category: row.category,
      title: row.title,
      rules,
    });
  }
  return holders;
}

/** Stored rules; a row that does not read as a list of rules is no rules (never a failure). */
function parseRules(json: string): ActionRule[] {
  try {
    const rules = JSON.parse(json) as unknown;
    return Array.isArray(rules) ? (rules as ActionRule[]) : [];
  } catch {
    return [];
  }
}

/** Records what rules did to an entry for a user (its flags; blocked hides it). */
export async function recordEntryAction(
  db: Db,
  userId: string,
  entryId: string,
  settings: EntryActionSettings,
) {
  const row = {
    user_id: userId,
    entry_id: entryId,
    settings: JSON.stringify(settings),
    blocked: settings.block ? 1 : 0,
    created_at: nowIso(),
  };
  await db
    .insertInto("entry_action")
    .values(row)
    .onConflict((oc) =>
      oc.columns(["user_id", "entry_id"]).doUpdateSet({
        settings: row.settings,
        blocked: row.blocked,
      }),
    )
    .execute();
}

/** The flags rules gave some entries for a user, keyed by entry. */
export async function entrySettings(
  database: DatabaseHandle,
  userId: string,
  entryIds: readonly string[],
): Promise<Map<string, EntryActionSettings>> {
  const out = new Map<string, EntryActionSettings>();
  if (entryIds.length === 0) return out;
  const rows = await database.db
    .selectFrom("entry_action")
    .select(["entry_id", "settings"])
    .where("user_id", "=", userId)
    .where("entry_id", "in", [...entryIds])
    .execute();
  for (const row of rows) out.set(row.entry_id, parseEntrySettings(row.settings));
  return out;
}

/** An `entry_action.settings` column as the flags it stores. */
export function parseEntrySettings(json: string): EntryActionSettings {
  return JSON.parse(json) as EntryActionSettings;
}

/** The entry with the user's rewrite rules applied to its content (when rules gave it some). */
export async function rewrittenFor(
  database: DatabaseHandle,
  userId: string,
  entry: EntryRow,
): Promise<EntryRow> {
  if (!entry.content) return entry;
  const rules = (await entrySettings(database, userId, [entry.id])).get(entry.id)?.rewriteRules;
  return rules?.length ? { ...entry, content: rewrite(entry.content, rules) } : entry;
}
