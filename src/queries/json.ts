import type { AttachmentModel, MediaModel } from "../../contract/reading-models.ts";
import type { SqlValue } from "../db/types.ts";

/** JSON TEXT columns back to values; anything unreadable is an empty list. */
export function jsonList<T>(value: SqlValue | undefined): T[] {
  if (typeof value !== "string" || value === "") return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? (parsed as T[]) : [];
  } catch {
    return [];
  }
}

export const parseMedia = (value: SqlValue | undefined) => jsonList<MediaModel>(value);
export const parseAttachments = (value: SqlValue | undefined) => jsonList<AttachmentModel>(value);
