import { Schema } from "effect";
import { EntryTagModel, TagName } from "../entities/entry-tag.ts";
import { EntityId } from "../reading.ts";
import { Envelope, endpoint, Ok } from "./endpoint.ts";
import { routes } from "./info.ts";

/** At most this many tags on one entry. */
export const MAX_TAGS_PER_ENTRY = 50;

export { EntryTagModel, TagName };

/** Every tag the person put on an entry (what a pull writes locally). */
export const list = endpoint(routes.tags.list, {
  request: Schema.Struct({}),
  response: Envelope(Schema.Array(EntryTagModel)),
});

/** Tags an entry the person can see; tagging it again with the same tag changes nothing. */
export const add = endpoint(routes.tags.add, {
  request: Schema.Struct({ entryId: EntityId, tag: TagName }),
  response: Ok,
});

export const remove = endpoint(routes.tags.remove, {
  request: Schema.Struct({ entryId: EntityId, tag: TagName }),
  response: Ok,
});

/**
 * Renames a tag on every entry; renaming onto a tag that exists merges the two (an entry that
 * had both keeps one).
 */
export const rename = endpoint(routes.tags.rename, {
  request: Schema.Struct({ from: TagName, to: TagName }),
  response: Ok,
});
