import type { Kysely, Transaction } from "kysely";
import {
  type ActionRule,
  type EntryActionSettings,
  MAX_ACTION_RULES,
  MAX_RULE_TESTS,
} from "../../contract/actions.ts";
import { conditionGroups, regexProblem, rewrite } from "../../contract/actions-match.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import type { Database, EntryRow } from "../db/schema.ts";
import { ApiError } from "../http/api-error.ts";
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
    throw new ApiError(12000, `at most ${MAX_ACTION_RULES} rules`);
  }
  rules.forEach((rule, index) => {
    const tests = conditionGroups(rule).flat();
    if (tests.length > MAX_RULE_TESTS) {
      throw new ApiError(1002, `rule ${index + 1}: at most ${MAX_RULE_TESTS} conditions`);
    }
    for (const test of tests) {
      if (test.operator !== "regex") continue;
      const problem = regexProblem(test.value);
      if (problem) throw new ApiError(1002, `rule ${index + 1} (${rule.name}): ${problem}`);
    }
    for (const hook of rule.result.webhooks ?? []) {
      if (!/^https?:\/\//i.test(hook) || !URL.canParse(hook)) {
        throw new ApiError(
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

/** The rules of some users (those with any), keyed by user. */
export async function rulesOf(db: Db, userIds: readonly string[]) {
  const out = new Map<string, ActionRule[]>();
  if (userIds.length === 0) return out;
  const rows = await db
    .selectFrom("action_rule")
    .select(["user_id", "rules"])
    .where("user_id", "in", [...userIds])
    .execute();
  for (const row of rows) {
    const rules = (JSON.parse(row.rules) as ActionRule[]).filter((rule) => !rule.disabled);
    if (rules.length > 0) out.set(row.user_id, rules);
  }
  return out;
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
  for (const row of rows) out.set(row.entry_id, JSON.parse(row.settings) as EntryActionSettings);
  return out;
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
