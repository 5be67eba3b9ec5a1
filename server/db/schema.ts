import type { Generated } from "kysely";
import type { EntryModel } from "../../contract/entities/entry.ts";
import type { EntryTagModel } from "../../contract/entities/entry-tag.ts";
import type { FeedModel } from "../../contract/entities/feed.ts";
import type { HighlightModel } from "../../contract/entities/highlight.ts";
import type { InboxModel } from "../../contract/entities/inbox.ts";
import type { ListModel } from "../../contract/entities/list.ts";
import type { StoredModelRow } from "../../contract/entities/model-columns.ts";
import type { ReadingPositionModel } from "../../contract/entities/reading-position.ts";
import type { SavedSearch } from "../../contract/entities/saved-search.ts";
import type { SubscriptionModel } from "../../contract/entities/subscription.ts";

/**
 * Our own tables. better-auth owns user, session, account, verification, twoFactor and
 * rateLimit; we read its user table for roles and profiles.
 */
export interface Database {
  user: {
    id: string;
    email: string;
    name: string;
    image: string | null;
    emailVerified: boolean | number;
    handle: string | null;
    role: string | null;
    twoFactorEnabled: boolean | number | null;
    createdAt: Date | string;
    updatedAt: Date | string;
  };
  invitation: {
    code: string;
    owner_user_id: string;
    created_at: string;
    used_by_user_id: string | null;
    used_at: string | null;
  };
  server_meta: {
    key: string;
    value: string;
    updated_at: string;
  };
  idempotency_key: {
    user_id: string;
    key: string;
    method: string;
    path: string;
    status: number;
    body: string;
    created_at: string;
    /** The server instance running the first request, while it runs (null once answered). */
    lease_owner: string | null;
    /** This one claim: only its holder records the answer. */
    lease_token: string | null;
    /** ISO time after which a retry may run the write itself. */
    lease_until: string | null;
    /** SHA-256 of the first request's method, path and body (null: stored before it was kept). */
    request_hash: string | null;
  };
  feed: FeedRow;
  entry: EntryRow;
  /** notify 1: a push notification for each new entry of the feed (no rule needed). */
  subscription: SubscriptionRow & { notify: Generated<number> };
  unread: UnreadRow;
  collection: CollectionRow;
  read_history: ReadHistoryRow;
  readability_cache: { entry_id: string; content: string | null; fetched_at: string };
  user_setting: { user_id: string; tab: string; payload: string; updated_at: string };
  list: ListRow;
  list_feed: { list_id: string; feed_id: string; added_at: string };
  list_subscription: ListSubscriptionRow;
  inbox: InboxRow;
  entry_search: EntrySearchRow;
  saved_search: SavedSearchRow;
  highlight: HighlightRow;
  reading_position: ReadingPositionRow;
  entry_tag: EntryTagRow;
  feed_route_instance: FeedRouteInstanceRow;
  ai_summary: {
    entry_id: string;
    language: string;
    target: string;
    /** "" for the server's provider (shared), else the user whose own provider wrote it. */
    owner_user_id: string;
    /** "server", or a digest of the user's provider (base URL and model). */
    provider: string;
    summary: string;
    kind: string;
    created_at: string;
  };
  action_rule: { user_id: string; rules: string; updated_at: string };
  user_ai_provider: {
    user_id: string;
    base_url: string;
    model: string;
    /** AES-256-GCM, base64url of iv | tag | ciphertext; null when the provider needs no key. */
    api_key: string | null;
    updated_at: string;
  };
  daily_report: DailyReportRow;
  push_subscription: {
    id: string;
    user_id: string;
    endpoint: string;
    p256dh: string;
    auth: string;
    name: string | null;
    created_at: string;
  };
  entry_action: {
    user_id: string;
    entry_id: string;
    settings: string;
    blocked: number;
    created_at: string;
  };
  ai_translation: {
    entry_id: string;
    language: string;
    owner_user_id: string;
    provider: string;
    title: string | null;
    description: string | null;
    content: string | null;
    readability_content: string | null;
    created_at: string;
  };
  integration_secret: { user_id: string; name: string; ciphertext: string; updated_at: string };
  /** Each user's change counter (server/sync); PostgreSQL answers bigints as strings. */
  sync_version: {
    user_id: string;
    version: number | string | bigint;
    state_version: Generated<number | string | bigint>;
    entries_version: Generated<number | string | bigint>;
  };
}

export type ListRow = StoredModelRow<
  ListModel,
  "id" | "ownerUserId" | "title" | "description" | "image" | "view" | "fee"
> & { created_at: string; updated_at: string };

export interface ListSubscriptionRow {
  user_id: string;
  list_id: string;
  view: number;
  is_private: number;
  title: string | null;
  category: string | null;
  created_at: string;
}

/** `id` is the handle: the local part of the inbox's e-mail address. */
export type InboxRow = StoredModelRow<InboxModel, "id" | "title" | "secret"> & {
  owner_user_id: string;
  feed_id: string;
  created_at: string;
};

/**
 * Each entry's searchable text (migrations/server/0009_search.ts). SQLite indexes it with the
 * FTS5 table entry_fts (external content, kept in step by triggers); PostgreSQL with `document`.
 */
export interface EntrySearchRow {
  entry_id: string;
  feed_id: string;
  published_at: string;
  title: string;
  body: string;
  author: string;
  url: string;
  /** PostgreSQL only: the weighted tsvector. */
  document?: string;
}

export type FeedRow = StoredModelRow<
  FeedModel,
  | "id"
  | "url"
  | "title"
  | "description"
  | "image"
  | "siteUrl"
  | "language"
  | "ownerUserId"
  | "errorAt"
  | "errorMessage"
> & {
  failure_count: number;
  etag: string | null;
  last_modified: string | null;
  /** SHA-256 (hex) of the body last ingested; an identical 200 body is not parsed again. */
  body_hash: string | null;
  checked_at: string | null;
  next_check_at: string;
  lease_owner: string | null;
  lease_until: string | null;
  created_at: string;
  updated_at: string;
};

/** Categories, media and attachments are JSON text; extra is JSON text or null. */
export type EntryRow = StoredModelRow<
  EntryModel,
  | "id"
  | "feedId"
  | "guid"
  | "title"
  | "url"
  | "description"
  | "author"
  | "authorUrl"
  | "authorAvatar"
  | "language"
  | "categories"
  | "media"
  | "attachments"
  | "extra"
  | "publishedAt"
  | "insertedAt"
> & { content: string | null; content_hash: string; updated_at: string };

export type SubscriptionRow = StoredModelRow<
  SubscriptionModel,
  "userId" | "feedId" | "view" | "isPrivate" | "title" | "category" | "createdAt"
>;

export interface DailyReportRow {
  id: string;
  user_id: string;
  /** The 8 o'clock (UTC instant) this report is for. */
  slot_at: string;
  /** Entries that arrived after this instant (the previous slot) are in it. */
  since_at: string;
  time_zone: string;
  kind: string;
  content: string;
  /** JSON: the cited entries, in citation order ([1] is the first). */
  entries: string;
  created_at: string;
}

export interface UnreadRow {
  user_id: string;
  entry_id: string;
  feed_id: string;
  published_at: string;
}

export interface CollectionRow {
  user_id: string;
  entry_id: string;
  feed_id: string;
  view: number;
  created_at: string;
}

export interface ReadHistoryRow {
  entry_id: string;
  user_id: string;
  read_at: string;
}

export type DatabaseDialect = "sqlite" | "postgres";

/** `filters` is the JSON of the search's filters. */
export type SavedSearchRow = StoredModelRow<
  SavedSearch,
  "id" | "name" | "keyword" | "filters" | "createdAt"
> & { user_id: string; updated_at: string };

/** A person's highlight of a passage of an entry. */
export type HighlightRow = StoredModelRow<
  HighlightModel,
  | "id"
  | "entryId"
  | "color"
  | "note"
  | "exact"
  | "prefix"
  | "suffix"
  | "start"
  | "end"
  | "createdAt"
  | "updatedAt"
> & { user_id: string };

/** Where a person stopped in an entry on one device. */
export type ReadingPositionRow = StoredModelRow<
  ReadingPositionModel,
  "entryId" | "deviceId" | "kind" | "fraction" | "quote" | "seconds" | "updatedAt"
> & { user_id: string };

/** A tag a person put on an entry. */
export type EntryTagRow = StoredModelRow<EntryTagModel, "entryId" | "tag" | "createdAt"> & {
  user_id: string;
};

/** A person's own feed-route (RSSHub) instance; `access_key` is sealed (SecretBox). */
export interface FeedRouteInstanceRow {
  id: string;
  user_id: string;
  base_url: string;
  access_key: string | null;
  is_default: number;
  checked_at: string | null;
  reachable: number | null;
  version: string | null;
  latency_ms: number | null;
  last_error: string | null;
  created_at: string;
}
