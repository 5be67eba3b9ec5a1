import { local, statement } from "./local-sql.ts";
import type { LocalDatabase } from "./types.ts";

/** Stored translations older than 7 days are deleted at start-up. */
export const TRANSLATION_MAX_AGE_MS = 7 * 24 * 60 * 60_000;

/** Deletes stored translations older than 7 days; answers how many went. */
export async function deleteOldTranslations(db: LocalDatabase, now: number): Promise<number> {
  const cutoff = new Date(now - TRANSLATION_MAX_AGE_MS).toISOString();
  const stale = statement(local.deleteFrom("translations").where("created_at", "<", cutoff));
  return db.transaction(["translations"], async (tx) => {
    const result = await tx.execute(stale.sql, stale.params);
    return result.changes;
  });
}
