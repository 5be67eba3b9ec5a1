import type { ApiFetch } from "../../api/client.ts";
import type { LocalDatabase } from "../../db/types.ts";
import { storeReadability } from "./entry-cache.ts";

/** SPEC §4/§9: readability content is refetched only if absent or older than 3 days. */
export const READABILITY_MAX_AGE_MS = 3 * 24 * 60 * 60 * 1000;

export function readabilityFresh(
  entry: { readabilityContent: string | null; readabilityUpdatedAt: string | null },
  now = Date.now(),
): boolean {
  if (!entry.readabilityContent || !entry.readabilityUpdatedAt) return false;
  const at = Date.parse(entry.readabilityUpdatedAt);
  return !Number.isNaN(at) && now - at < READABILITY_MAX_AGE_MS;
}

/**
 * Loads the full text of an entry (GET /entries/readability) into the local store. Resolves
 * false when the page had nothing readable.
 */
export async function loadReadability(
  api: ApiFetch,
  db: LocalDatabase,
  id: string,
  now = () => new Date(),
): Promise<boolean> {
  const answer = await api<{ code: number; data: { content: string } | null }>(
    "/entries/readability",
    { query: { id } },
  );
  const content = answer.data?.content;
  if (!content) return false;
  await storeReadability(db, id, content, now());
  return true;
}
