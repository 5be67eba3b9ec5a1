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
