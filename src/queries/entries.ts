import type { Observable } from "rxjs";
import type { AttachmentModel, MediaModel } from "../../contract/reading-models.ts";
import { liveQuery } from "../db/queries.ts";
import type { LocalDatabase } from "../db/types.ts";
import { jsonList, parseAttachments, parseMedia } from "./json.ts";

/** An entry as a timeline row shows it (no content: that stays in the entry pane). */
export interface EntryCard {
  id: string;
  feedId: string | null;
  title: string | null;
  url: string | null;
  /** The first 500 characters of the description. */
  excerpt: string | null;
  author: string | null;
  authorAvatar: string | null;
  publishedAt: string;
  media: MediaModel[];
  attachments: AttachmentModel[];
  read: boolean;
  starred: boolean;
  feedTitle: string | null;
  feedImage: string | null;
  siteUrl: string | null;
  view: number | null;
  /** The inbox it arrived in (its handle); its source shows as the inbox, not a feed. */
  inboxHandle: string | null;
}

/** An entry with everything the entry pane shows. */
export interface EntryDetail extends EntryCard {
  content: string | null;
  description: string | null;
  authorUrl: string | null;
  readabilityContent: string | null;
  readabilityUpdatedAt: string | null;
  feedUrl: string | null;
  categories: string[];
  /** As the feed said, or as the server detected (translation's language check). */
  language: string | null;
  /** What the user's action rules asked for this entry (summary, translation, full text...). */
  actionSettings: { summary?: boolean; translation?: boolean; readability?: boolean };
}

export const ENTRY_TABLES = ["entries", "feeds", "subscriptions", "collections", "inboxes"];

const CARD_COLUMNS = `e.id, e.feed_id, e.title, e.url, substr(e.description, 1, 500) AS excerpt,
  e.author, e.author_avatar, e.published_at, e.media, e.attachments, e.read,
  EXISTS (SELECT 1 FROM collections c WHERE c.entry_id = e.id) AS starred,
  COALESCE(s.title, f.title, i.title, e.inbox_handle) AS feed_title, f.image AS feed_image,
  f.site_url, s.view, e.inbox_handle`;
const CARD_FROM = `entries e LEFT JOIN feeds f ON f.id = e.feed_id
  LEFT JOIN subscriptions s ON s.feed_id = e.feed_id
  LEFT JOIN inboxes i ON i.id = e.inbox_handle`;

type CardRow = Record<string, string | number | null>;

function toCard(row: CardRow): EntryCard {
  return {
    id: String(row.id),
    feedId: (row.feed_id as string | null) ?? null,
    title: (row.title as string | null) ?? null,
    url: (row.url as string | null) ?? null,
    excerpt: (row.excerpt as string | null) ?? null,
    author: (row.author as string | null) ?? null,
    authorAvatar: (row.author_avatar as string | null) ?? null,
    publishedAt: String(row.published_at),
    media: parseMedia(row.media),
    attachments: parseAttachments(row.attachments),
    read: Number(row.read) === 1,
    starred: Number(row.starred) === 1,
    feedTitle: (row.feed_title as string | null) ?? null,
    feedImage: (row.feed_image as string | null) ?? null,
    siteUrl: (row.site_url as string | null) ?? null,
    view: row.view === null || row.view === undefined ? null : Number(row.view),
    inboxHandle: (row.inbox_handle as string | null) ?? null,
  };
}

/** The rows for some timeline ids (a visible window), keyed by id. */
export function entryCards$(
  db: LocalDatabase,
  ids: readonly string[],
): Observable<Record<string, EntryCard>> {
  return liveQuery(db, ENTRY_TABLES, async () => {
    if (ids.length === 0) return {};
    const rows = await db.query<CardRow>(
      `SELECT ${CARD_COLUMNS} FROM ${CARD_FROM} WHERE e.id IN (SELECT value FROM json_each(?))`,
      [JSON.stringify(ids)],
    );
    return Object.fromEntries(rows.map((row) => [String(row.id), toCard(row)]));
  });
}

/** One entry with its feed and starred state; null when it is not in the local store. */
export function entryDetail$(db: LocalDatabase, id: string): Observable<EntryDetail | null> {
  return liveQuery(db, ENTRY_TABLES, async () => {
    const rows = await db.query<CardRow>(
      `SELECT ${CARD_COLUMNS}, e.content, e.description, e.author_url, e.readability_content,
         e.readability_updated_at, e.categories, e.language, e.settings,
         f.url AS feed_url
       FROM ${CARD_FROM} WHERE e.id = ?`,
      [id],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      ...toCard(row),
      content: (row.content as string | null) ?? null,
      description: (row.description as string | null) ?? null,
      authorUrl: (row.author_url as string | null) ?? null,
      readabilityContent: (row.readability_content as string | null) ?? null,
      readabilityUpdatedAt: (row.readability_updated_at as string | null) ?? null,
      feedUrl: (row.feed_url as string | null) ?? null,
      categories: jsonList<string>(row.categories),
      language: (row.language as string | null) ?? null,
      actionSettings: actionSettingsOf(row.settings),
    };
  });
}

/** Whether an entry is starred (collections). */
export function entryStarred$(db: LocalDatabase, id: string): Observable<boolean> {
  return liveQuery(db, ["collections"], async () => {
    const rows = await db.query("SELECT 1 FROM collections WHERE entry_id = ?", [id]);
    return rows.length > 0;
  });
}

/** Stored translated titles of some entries in one language (the timeline shows them). */
export function translatedTitles$(
  db: LocalDatabase,
  ids: readonly string[],
  language: string,
): Observable<Record<string, string>> {
  return liveQuery(db, ["translations"], async () => {
    if (ids.length === 0) return {};
    const rows = await db.query<{ entry_id: string; title: string }>(
      `SELECT entry_id, title FROM translations
       WHERE language = ? AND title IS NOT NULL AND entry_id IN (SELECT value FROM json_each(?))`,
      [language, JSON.stringify(ids)],
    );
    return Object.fromEntries(rows.map((row) => [row.entry_id, row.title]));
  });
}

function actionSettingsOf(value: unknown): EntryDetail["actionSettings"] {
  if (typeof value !== "string" || !value) return {};
  try {
    const parsed = JSON.parse(value) as Record<string, unknown>;
    return {
      ...(parsed.summary === true ? { summary: true } : {}),
      ...(parsed.translation === true ? { translation: true } : {}),
      ...(parsed.readability === true ? { readability: true } : {}),
    };
  } catch {
    return {};
  }
}
