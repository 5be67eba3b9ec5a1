import type { LocalDatabase } from "./types.ts";

/** Stored translations older than this are deleted at start-up (SPEC §9). */
export const TRANSLATION_MAX_AGE_MS = 7 * 24 * 60 * 60_000;

/** Deletes stored translations older than 7 days; answers how many went. */
export async function deleteOldTranslations(db: LocalDatabase, now: number): Promise<number> {
  const cutoff = new Date(now - TRANSLATION_MAX_AGE_MS).toISOString();
  return db.transaction(["translations"], async (tx) => {
    const result = await tx.execute("DELETE FROM translations WHERE created_at < ?", [cutoff]);
    return result.changes;
  });
}
