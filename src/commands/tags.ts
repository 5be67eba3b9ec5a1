import { Schema } from "effect";
import * as tags from "../../contract/api/tags.ts";
import { event } from "./events.ts";
import { EntityId } from "./schemas.ts";
import { addTagInfo, mergeTagsInfo, removeTagInfo, renameTagInfo } from "./tags.info.ts";
import { defineCommand } from "./types.ts";

/** Tags on entries: each change shows at once, syncs, and is undone if refused. */
const EntryTag = Schema.Struct({ entryId: EntityId, tag: tags.TagName });
const Rename = Schema.Struct({ from: tags.TagName, to: tags.TagName });

export const add = defineCommand(addTagInfo, {
  payload: EntryTag,
  apply: (payload, meta) => [event("EntryTagged", { ...payload, createdAt: meta.issuedAt })],
  sync: (payload, api) => api.call(tags.add, payload),
});

export const remove = defineCommand(removeTagInfo, {
  payload: EntryTag,
  apply: (payload) => [event("EntryUntagged", payload)],
  sync: (payload, api) => api.call(tags.remove, payload),
});

export const rename = defineCommand(renameTagInfo, {
  payload: Rename,
  apply: (payload) => [event("TagRenamed", payload)],
  sync: (payload, api) => api.call(tags.rename, payload),
});

export const merge = defineCommand(mergeTagsInfo, {
  payload: Rename,
  apply: (payload) => [event("TagRenamed", payload)],
  sync: (payload, api) => api.call(tags.rename, payload),
});
