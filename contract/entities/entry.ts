import { Schema } from "effect";
import { EntryActionSettings } from "../actions.ts";
import { CollectionModel } from "./collection.ts";
import { FeedModel } from "./feed.ts";

const NullableText = Schema.NullOr(Schema.String);

export const MediaModel = Schema.Struct({
  type: Schema.Literals(["photo", "video"]),
  url: Schema.String,
  width: Schema.optionalKey(Schema.Number),
  height: Schema.optionalKey(Schema.Number),
  preview_image_url: Schema.optionalKey(Schema.String),
});
export type MediaModel = typeof MediaModel.Type;

export const AttachmentModel = Schema.Struct({
  url: Schema.String,
  title: Schema.optionalKey(Schema.String),
  duration_in_seconds: Schema.optionalKey(Schema.Number),
  mime_type: Schema.optionalKey(Schema.String),
  size_in_bytes: Schema.optionalKey(Schema.Number),
});
export type AttachmentModel = typeof AttachmentModel.Type;

const EntryLink = Schema.Struct({
  url: Schema.String,
  rel: Schema.optionalKey(Schema.String),
  type: Schema.optionalKey(Schema.String),
  title: Schema.optionalKey(Schema.String),
});

/** An entry as the reading API sends it. */
export const EntryModel = Schema.Struct({
  id: Schema.String,
  feedId: Schema.String,
  guid: Schema.String,
  title: NullableText,
  url: NullableText,
  /** Only in detail answers or when withContent is asked for. */
  content: Schema.optionalKey(NullableText),
  description: NullableText,
  author: NullableText,
  authorUrl: NullableText,
  authorAvatar: NullableText,
  language: NullableText,
  categories: Schema.Array(Schema.String),
  media: Schema.Array(MediaModel),
  attachments: Schema.Array(AttachmentModel),
  extra: Schema.NullOr(Schema.Struct({ links: Schema.optionalKey(Schema.Array(EntryLink)) })),
  publishedAt: Schema.String,
  insertedAt: Schema.String,
});
export type EntryModel = typeof EntryModel.Type;

/** A timeline item: the entry, its feed (or inbox), and the person's state of it. */
export const EntryListItem = Schema.Struct({
  entries: EntryModel,
  feeds: FeedModel,
  read: Schema.Boolean,
  view: Schema.Number,
  collections: Schema.optionalKey(CollectionModel),
  /** What the user's action rules gave this entry (API-NOTES: the Action result flags). */
  settings: Schema.optionalKey(EntryActionSettings),
});
export type EntryListItem = typeof EntryListItem.Type;
