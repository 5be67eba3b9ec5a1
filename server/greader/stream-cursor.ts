import type { EntryListItem } from "../../contract/reading-models.ts";

/** A stream's continuation: the last item's publish time and id (a keyset cursor). */
export const encodeCursor = (item: EntryListItem) =>
  Buffer.from(`${item.entries.publishedAt}|${item.entries.id}`).toString("base64url");

export function decodeCursor(text: string | undefined) {
  if (!text) return undefined;
  const [at, id] = Buffer.from(text, "base64url").toString().split("|");
  if (!at || !id || !/^\d{1,20}$/.test(id) || Number.isNaN(Date.parse(at))) return undefined;
  return { at, id };
}

/** Stored times are ISO text of years 0–9999 (text order is time order only there). */
const EARLIEST_MS = -62_167_219_200_000;
const LATEST_MS = 253_402_300_799_999;

/** A client's time bound (ot, nt, ts) in milliseconds, clamped so it is always a valid date. */
export const clampTimeMs = (ms: number) => Math.min(LATEST_MS, Math.max(EARLIEST_MS, ms));
