import { Schema } from "effect";
import { EntryActionSettings } from "../actions.ts";
import { CollectionModel } from "./collection.ts";
import { text } from "./columns.ts";
import { FeedModel } from "./feed.ts";
import { localTable, type RowOf, type StoredRowOf } from "./local-table.ts";
import { modelColumns } from "./model-columns.ts";

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

const wire = modelColumns(EntryModel, [
  "id",
  "title",
  "url",
  "content",
  "description",
  "guid",
  "author",
  "authorUrl",
  "authorAvatar",
  "insertedAt",
  "publishedAt",
  "media",
  "categories",
  "attachments",
  "extra",
  "language",
  "feedId",
]);
const state = modelColumns(EntryListItem, ["read", "settings"]);

/**
 * Entries the pulls, pages and the entry pane stored. Local-only: the readability text fetched
 * on demand, the inbox an entry arrived in (inbox entries have no feed), and the spec's
 * `sources`, which nothing fills yet. The list form leaves content empty until it streams in.
 */
export const entriesTable = localTable({
  name: "entries",
  columns: {
    id: wire.id,
    title: wire.title,
    url: wire.url,
    content: wire.content,
    readability_content: text().orNull(),
    readability_updated_at: text().orNull(),
    description: wire.description,
    guid: wire.guid,
    author: wire.author,
    author_url: wire.author_url,
    author_avatar: wire.author_avatar,
    inserted_at: wire.inserted_at,
    published_at: wire.published_at,
    media: wire.media.orNull(),
    categories: wire.categories.orNull(),
    attachments: wire.attachments.orNull(),
    extra: wire.extra,
    language: wire.language,
    feed_id: wire.feed_id.orNull(),
    inbox_handle: text().orNull(),
    read: state.read.orNull(),
    sources: text().orNull(),
    settings: state.settings,
  },
  key: ["id"],
  indexes: [
    { name: "entries_feed_published", on: ["feed_id", "published_at DESC"] },
    { name: "entries_inbox_published", on: ["inbox_handle", "published_at DESC"] },
    { name: "entries_published", on: ["published_at DESC"] },
    // Timeline order is (published_at DESC, id DESC): without the id every run sorted.
    { name: "entries_published_id", on: ["published_at DESC", "id DESC"] },
  ],
});

type EntryColumns = typeof entriesTable.columns;

/** The columns a timeline item fills (readability text and sources keep what they hold). */
export type EntryRow = Omit<
  RowOf<EntryColumns>,
  "readability_content" | "readability_updated_at" | "sources"
>;
export type StoredEntryRow = Pick<StoredRowOf<EntryColumns>, keyof EntryRow>;

/**
 * A timeline item → its stored columns: content stays empty in list form (it streams in
 * later), `read` is the server's, and the inbox handle is set only for an inbox's entries.
 */
export function entryRow(item: EntryListItem): StoredEntryRow {
  const entry = item.entries;
  const feedType = (item.feeds as { type?: string }).type;
  const row: EntryRow = {
    id: entry.id,
    title: entry.title,
    url: entry.url,
    content: entry.content ?? "",
    description: entry.description,
    guid: entry.guid,
    author: entry.author,
    author_url: entry.authorUrl,
    author_avatar: entry.authorAvatar,
    inserted_at: entry.insertedAt,
    published_at: entry.publishedAt,
    media: entry.media ?? null,
    categories: entry.categories ?? null,
    attachments: entry.attachments ?? null,
    extra: entry.extra ?? null,
    language: entry.language,
    feed_id: entry.feedId,
    inbox_handle: feedType === "inbox" ? item.feeds.id : null,
    read: Boolean(item.read),
    // What the user's action rules gave the entry (auto summary, translation, full text...).
    settings: item.settings ?? null,
  };
  return entriesTable.encode(row) as StoredEntryRow;
}
