import { Schema } from "effect";
import { EntityId } from "../reading.ts";
import { isTagName, MAX_TAG_LENGTH } from "./tag-name.ts";

export { isTagName };

/** A tag's name: trimmed, 1–64 characters, no commas (a list of tags is comma-separated). */
export const TagName = Schema.String.check(
  Schema.isMinLength(1),
  Schema.isMaxLength(MAX_TAG_LENGTH),
  Schema.makeFilter((value: string) => isTagName(value) || "expected a tag name"),
);

/** One tag the person put on one entry. */
export const EntryTagModel = Schema.Struct({
  entryId: EntityId,
  tag: TagName,
  createdAt: Schema.String,
});
export type EntryTagModel = typeof EntryTagModel.Type;
