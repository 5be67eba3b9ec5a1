import { Schema } from "effect";
import { EntityId } from "../reading.ts";

/** A tag's name: trimmed, 1–64 characters, no commas (a list of tags is comma-separated). */
export const TagName = Schema.String.check(
  Schema.isMinLength(1),
  Schema.isMaxLength(64),
  Schema.makeFilter((value: string) => isTagName(value) || "expected a tag name"),
);

export function isTagName(value: string): boolean {
  return (
    value.length > 0 && value.length <= 64 && value === value.trim() && !/[,\n\r\t]/.test(value)
  );
}

/** One tag the person put on one entry. */
export const EntryTagModel = Schema.Struct({
  entryId: EntityId,
  tag: TagName,
  createdAt: Schema.String,
});
export type EntryTagModel = typeof EntryTagModel.Type;
