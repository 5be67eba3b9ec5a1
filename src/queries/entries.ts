import { type ExpressionBuilder, type InferResult, sql } from "kysely";
import type { Observable } from "rxjs";
import type { AttachmentModel, MediaModel } from "../../contract/reading-models.ts";
import { jsonValues } from "../db/json-values.ts";
import { local, select } from "../db/local-sql.ts";
import type { LocalTables } from "../db/local-tables.ts";
import { liveSelect } from "../db/queries.ts";
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

/** Entries with their feed, subscription and inbox: what a card's source line needs. */
function cardsFrom() {
  return local
    .selectFrom("entries as e")
    .leftJoin("feeds as f", "f.id", "e.feed_id")
    .leftJoin("subscriptions as s", "s.feed_id", "e.feed_id")
    .leftJoin("inboxes as i", "i.id", "e.inbox_handle");
}

type CardScope = ExpressionBuilder<
  LocalTables & {
    e: LocalTables["entries"];
    f: LocalTables["feeds"];
    s: LocalTables["subscriptions"];
    i: LocalTables["inboxes"];
  },
  "e" | "f" | "s" | "i"
>;

const cardColumns = (eb: CardScope) =>
  [
    "e.id",
    "e.feed_id",
    "e.title",
    "e.url",
    sql<string | null>`substr(${eb.ref("e.description")}, 1, 500)`.as("excerpt"),
    "e.author",
    "e.author_avatar",
    "e.published_at",
    "e.media",
    "e.attachments",
    "e.read",
    eb
      .exists(
        eb
          .selectFrom("collections as c")
          .select(sql.lit(1).as("one"))
          .whereRef("c.entry_id", "=", "e.id"),
      )
      .as("starred"),
    eb.fn
      .coalesce("s.title", "f.title", "i.title", "e.inbox_handle")
      .$castTo<string | null>()
      .as("feed_title"),
    "f.image as feed_image",
    "f.site_url",
    "s.view",
    "e.inbox_handle",
  ] as const;

const cards = () => cardsFrom().select(cardColumns);
type CardRow = InferResult<ReturnType<typeof cards>>[number];

function toCard(row: CardRow): EntryCard {
  return {
    id: row.id,
    feedId: row.feed_id,
    title: row.title,
    url: row.url,
    excerpt: row.excerpt,
    author: row.author,
    authorAvatar: row.author_avatar,
    publishedAt: row.published_at,
    media: parseMedia(row.media),
    attachments: parseAttachments(row.attachments),
    read: Number(row.read) === 1,
    starred: Number(row.starred) === 1,
    feedTitle: row.feed_title,
    feedImage: row.feed_image,
    siteUrl: row.site_url,
    view: row.view,
    inboxHandle: row.inbox_handle,
  };
}

/** The rows for some timeline ids (a visible window), keyed by id. */
export function entryCards$(
  db: LocalDatabase,
  ids: readonly string[],
): Observable<Record<string, EntryCard>> {
  const query = select(cards().where("e.id", "in", jsonValues(ids)));
  return liveSelect(db, query, (rows) =>
    ids.length === 0 ? {} : Object.fromEntries(rows.map((row) => [row.id, toCard(row)])),
  );
}

/** One entry with its feed and starred state; null when it is not in the local store. */
export function entryDetail$(db: LocalDatabase, id: string): Observable<EntryDetail | null> {
  const query = select(
    cards()
      .select([
        "e.content",
        "e.description",
        "e.author_url",
        "e.readability_content",
        "e.readability_updated_at",
        "e.categories",
        "e.language",
        "e.settings",
        "f.url as feed_url",
      ])
      .where("e.id", "=", id),
  );
  return liveSelect(db, query, ([row]) => {
    if (!row) return null;
    return {
      ...toCard(row),
      content: row.content,
      description: row.description,
      authorUrl: row.author_url,
      readabilityContent: row.readability_content,
      readabilityUpdatedAt: row.readability_updated_at,
      feedUrl: row.feed_url,
      categories: jsonList<string>(row.categories),
      language: row.language,
      actionSettings: actionSettingsOf(row.settings),
    };
  });
}

/** Whether an entry is starred (collections). */
export function entryStarred$(db: LocalDatabase, id: string): Observable<boolean> {
  const query = select(
    local.selectFrom("collections").select(sql.lit(1).as("one")).where("entry_id", "=", id),
  );
  return liveSelect(db, query, (rows) => rows.length > 0);
}

/** Stored translated titles of some entries in one language (the timeline shows them). */
export function translatedTitles$(
  db: LocalDatabase,
  ids: readonly string[],
  language: string,
): Observable<Record<string, string>> {
  const query = select(
    local
      .selectFrom("translations")
      .select(["entry_id", "title"])
      .where("language", "=", language)
      .where("title", "is not", null)
      .where("entry_id", "in", jsonValues(ids)),
  );
  return liveSelect(db, query, (rows) => {
    if (ids.length === 0) return {};
    const titles: Record<string, string> = {};
    for (const row of rows) if (row.title !== null) titles[row.entry_id] = row.title;
    return titles;
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
