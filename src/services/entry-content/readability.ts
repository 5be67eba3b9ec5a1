import { endpoints } from "../../../contract/api/index.ts";
import type { ApiFetch } from "../../api/client.ts";
import { storeReadability } from "../../db/entry-cache.ts";
import type { LocalDatabase } from "../../db/types.ts";

/** Readability content is refetched only if absent or older than 3 days. */
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
 * Loads the full text of an entry (its readability endpoint) into the local store. Resolves
 * false when the page had nothing readable.
 */
export async function loadReadability(
  api: ApiFetch,
  db: LocalDatabase,
  id: string,
  now = () => new Date(),
): Promise<boolean> {
  const answer = await api.call(endpoints.entries.readability, { id });
  const content = answer.data?.content;
  if (!content) return false;
  await storeReadability(db, id, content, now());
  return true;
}
