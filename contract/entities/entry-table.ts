import { boolean, json, text } from "./columns.ts";
import type { EntryListItem, EntryModel } from "./entry.ts";
import { localTable, type RowOf, type StoredRowOf } from "./local-table.ts";
import { modelColumns } from "./model-columns.ts";

/** The entry fields the local table keeps, typed as the model declares them. */
export const entryColumns = modelColumns<EntryModel>()({
  id: text(),
  title: text().orNull(),
  url: text().orNull(),
  content: text().orNull(),
  description: text().orNull(),
  guid: text(),
  author: text().orNull(),
  authorUrl: text().orNull(),
  authorAvatar: text().orNull(),
  insertedAt: text(),
  publishedAt: text(),
  media: json<EntryModel["media"]>(),
  categories: json<readonly string[]>(),
  attachments: json<EntryModel["attachments"]>(),
  extra: json<NonNullable<EntryModel["extra"]>>().orNull(),
  language: text().orNull(),
  feedId: text(),
});
/** The person's state of an entry, as a timeline item carries it. */
export const entryStateColumns = modelColumns<EntryListItem>()({
  read: boolean(),
  settings: json<NonNullable<EntryListItem["settings"]>>().orNull(),
});

/**
 * Entries the pulls, pages and the entry pane stored. Local-only: the readability text fetched
 * on demand, the inbox an entry arrived in (inbox entries have no feed), and the spec's
 * `sources`, which nothing fills yet. The list form leaves content empty until it streams in.
 */
export const entriesTable = localTable({
  name: "entries",
  columns: {
    id: entryColumns.id,
    title: entryColumns.title,
    url: entryColumns.url,
    content: entryColumns.content,
    readability_content: text().orNull(),
    readability_updated_at: text().orNull(),
    description: entryColumns.description,
    guid: entryColumns.guid,
    author: entryColumns.author,
    author_url: entryColumns.author_url,
    author_avatar: entryColumns.author_avatar,
    inserted_at: entryColumns.inserted_at,
    published_at: entryColumns.published_at,
    media: entryColumns.media.orNull(),
    categories: entryColumns.categories.orNull(),
    attachments: entryColumns.attachments.orNull(),
    extra: entryColumns.extra,
    language: entryColumns.language,
    feed_id: entryColumns.feed_id.orNull(),
    inbox_handle: text().orNull(),
    read: entryStateColumns.read.orNull(),
    sources: text().orNull(),
    settings: entryStateColumns.settings,
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
