import { sql } from "kysely";
import type { SettingsTabName } from "../../contract/settings.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { nowIso } from "./time.ts";

export interface StoredSettings {
  tab: string;
  values: Record<string, unknown>;
  updatedAt: string;
}

/** A user's saved settings tabs (all, or one). */
export async function readSettings(
  database: DatabaseHandle,
  userId: string,
  tab?: SettingsTabName,
): Promise<StoredSettings[]> {
  let query = database.db
    .selectFrom("user_setting")
    .select(["tab", "payload", "updated_at"])
    .where("user_id", "=", userId);
  if (tab) query = query.where("tab", "=", tab);
  const rows = await query.orderBy("tab").execute();
  return rows.map((row) => ({
    tab: row.tab,
    values: JSON.parse(row.payload) as Record<string, unknown>,
    updatedAt: row.updated_at,
  }));
}

/** Thrown inside the merge transaction to roll it back: the merged tab would be too large. */
class TabTooLarge extends Error {}

/**
 * Merges changed settings into a tab (later keys win) and stamps it. The row is locked while
 * merging (PostgreSQL), so two devices saving at once both keep their keys. Returns null, with
 * nothing changed, when the merged tab would serialize to more than `maxBytes`.
 */
export async function patchSettings(
  database: DatabaseHandle,
  userId: string,
  tab: SettingsTabName,
  patch: Record<string, unknown>,
  maxBytes = Number.POSITIVE_INFINITY,
): Promise<StoredSettings | null> {
  try {
    return await mergeSettings(database, userId, tab, patch, maxBytes);
  } catch (error) {
    if (error instanceof TabTooLarge) return null;
    throw error;
  }
}

function mergeSettings(
  database: DatabaseHandle,
  userId: string,
  tab: SettingsTabName,
  patch: Record<string, unknown>,
  maxBytes: number,
): Promise<StoredSettings> {
  return database.db.transaction().execute(async (trx) => {
    const now = nowIso();
    await trx
      .insertInto("user_setting")
      .values({ user_id: userId, tab, payload: "{}", updated_at: now })
      .onConflict((oc) => oc.columns(["user_id", "tab"]).doNothing())
      .execute();
    const lock = database.dialect === "postgres" ? sql` FOR UPDATE` : sql``;
    const { rows } = await sql<{ payload: string }>`
      SELECT payload FROM user_setting WHERE user_id = ${userId} AND tab = ${tab}${lock}`.execute(
      trx,
    );
    const values = { ...(JSON.parse(rows[0]?.payload ?? "{}") as object), ...patch };
    const payload = JSON.stringify(values);
    if (Buffer.byteLength(payload) > maxBytes) throw new TabTooLarge();
    await trx
      .updateTable("user_setting")
      .set({ payload, updated_at: now })
      .where("user_id", "=", userId)
      .where("tab", "=", tab)
      .execute();
    return { tab, values, updatedAt: now };
  });
}
