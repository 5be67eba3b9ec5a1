import { Schema } from "effect";
import { EntryActionSettings } from "./actions.ts";
import { ListModel } from "./entities/list.ts";

/**
 * Shapes the reading API answers with (SPEC §3 entities, API notes' field names). Declared as
 * Schemas so the client decodes what it gets; the types are what the Schemas decode to.
 */
const NullableText = Schema.NullOr(Schema.String);

export const FeedModel = Schema.Struct({
  type: Schema.Literal("feed"),
  id: Schema.String,
  url: Schema.String,
  title: NullableText,
  description: NullableText,
  image: NullableText,
  siteUrl: NullableText,
  ownerUserId: NullableText,
  errorAt: NullableText,
  errorMessage: NullableText,
  language: Schema.optionalKey(NullableText),
});
export type FeedModel = typeof FeedModel.Type;

export const FeedAnalytics = Schema.Struct({
  updatesPerWeek: Schema.Number,
  subscriptionCount: Schema.Number,
  latestEntryPublishedAt: NullableText,
});
export type FeedAnalytics = typeof FeedAnalytics.Type;

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

export const EntryListItem = Schema.Struct({
  entries: EntryModel,
  feeds: FeedModel,
  read: Schema.Boolean,
  view: Schema.Number,
  collections: Schema.optionalKey(Schema.Struct({ createdAt: Schema.String })),
  /** What the user's action rules gave this entry (API-NOTES: the Action result flags). */
  settings: Schema.optionalKey(EntryActionSettings),
});
export type EntryListItem = typeof EntryListItem.Type;

export const SubscriptionModel = Schema.Struct({
  userId: Schema.String,
  feedId: Schema.String,
  view: Schema.Number,
  isPrivate: Schema.Boolean,
  title: NullableText,
  category: NullableText,
  createdAt: Schema.String,
  feeds: FeedModel,
  /** Whether each new entry is pushed as a notification (where the server says). */
  notify: Schema.optionalKey(Schema.Boolean),
});
export type SubscriptionModel = typeof SubscriptionModel.Type;

export { ListModel };

export const ListSubscriptionModel = Schema.Struct({
  userId: Schema.String,
  listId: Schema.String,
  view: Schema.Number,
  isPrivate: Schema.Boolean,
  title: NullableText,
  category: NullableText,
  createdAt: Schema.String,
  lists: ListModel,
});
export type ListSubscriptionModel = typeof ListSubscriptionModel.Type;

/** An inbox as a subscription (its owner follows it). */
export const InboxSubscriptionModel = Schema.Struct({
  userId: Schema.String,
  inboxId: Schema.String,
  view: Schema.Number,
  isPrivate: Schema.Boolean,
  title: NullableText,
  category: NullableText,
  createdAt: Schema.String,
  inboxes: Schema.Struct({
    type: Schema.Literal("inbox"),
    id: Schema.String,
    title: NullableText,
    secret: Schema.String,
    email: NullableText,
    webhookUrl: Schema.String,
  }),
});
export type InboxSubscriptionModel = typeof InboxSubscriptionModel.Type;
