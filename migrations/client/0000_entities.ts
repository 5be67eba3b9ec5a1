import type { Migration } from "../../src/db/migrate.ts";

/**
 * The synced entities. Columns are snake_case versions of the API's field names
 * (`siteUrl` -> `site_url`); booleans are INTEGER 0/1; lists and objects are JSON in TEXT;
 * timestamps are ISO-8601 TEXT. Ordinary rowid tables on purpose: the update hook that
 * drives change notifications does not see WITHOUT ROWID tables.
 */
export const migration: Migration = {
  version: 0,
  name: "entities",
  up: [
    `CREATE TABLE feeds (
      id TEXT PRIMARY KEY NOT NULL,
      title TEXT,
      url TEXT NOT NULL,
      description TEXT,
      image TEXT,
      error_at TEXT,
      site_url TEXT,
      owner_user_id TEXT,
      error_message TEXT,
      subscription_count INTEGER,
      updates_per_week INTEGER,
      latest_entry_published_at TEXT,
      tip_user_ids TEXT,
      updated_at TEXT
    )`,
    // id is the client form `${type}/${feedId | listId | inboxId}`.
    `CREATE TABLE subscriptions (
      id TEXT PRIMARY KEY NOT NULL,
      feed_id TEXT,
      list_id TEXT,
      inbox_id TEXT,
      user_id TEXT NOT NULL,
      view INTEGER NOT NULL,
      is_private INTEGER NOT NULL,
      title TEXT,
      category TEXT,
      created_at TEXT,
      type TEXT NOT NULL CHECK (type IN ('feed', 'list', 'inbox'))
    )`,
    "CREATE INDEX subscriptions_feed_id ON subscriptions (feed_id)",
    "CREATE INDEX subscriptions_category ON subscriptions (category)",
    `CREATE TABLE inboxes (
      id TEXT PRIMARY KEY NOT NULL,
      title TEXT,
      secret TEXT NOT NULL
    )`,
    `CREATE TABLE lists (
      id TEXT PRIMARY KEY NOT NULL,
      user_id TEXT,
      title TEXT NOT NULL,
      feed_ids TEXT,
      description TEXT,
      view INTEGER NOT NULL,
      image TEXT,
      fee INTEGER,
      owner_user_id TEXT,
      subscription_count INTEGER,
      purchase_amount TEXT
    )`,
    // Unread counts never go below 0; the CHECK turns a bad decrement into an error.
    `CREATE TABLE unread (
      subscription_id TEXT PRIMARY KEY NOT NULL,
      count INTEGER NOT NULL CHECK (count >= 0)
    )`,
    `CREATE TABLE users (
      id TEXT PRIMARY KEY NOT NULL,
      email TEXT,
      handle TEXT,
      name TEXT,
      image TEXT,
      is_me INTEGER,
      email_verified INTEGER,
      bio TEXT,
      website TEXT,
      social_links TEXT
    )`,
    `CREATE TABLE entries (
      id TEXT PRIMARY KEY NOT NULL,
      title TEXT,
      url TEXT,
      content TEXT,
      readability_content TEXT,
      readability_updated_at TEXT,
      description TEXT,
      guid TEXT NOT NULL,
      author TEXT,
      author_url TEXT,
      author_avatar TEXT,
      inserted_at TEXT NOT NULL,
      published_at TEXT NOT NULL,
      media TEXT,
      categories TEXT,
      attachments TEXT,
      extra TEXT,
      language TEXT,
      feed_id TEXT,
      inbox_handle TEXT,
      read INTEGER,
      sources TEXT,
      settings TEXT
    )`,
    "CREATE INDEX entries_feed_published ON entries (feed_id, published_at DESC)",
    "CREATE INDEX entries_inbox_published ON entries (inbox_handle, published_at DESC)",
    "CREATE INDEX entries_published ON entries (published_at DESC)",
    `CREATE TABLE collections (
      entry_id TEXT PRIMARY KEY NOT NULL,
      feed_id TEXT,
      created_at TEXT,
      view INTEGER NOT NULL
    )`,
    `CREATE TABLE summaries (
      entry_id TEXT NOT NULL,
      summary TEXT NOT NULL,
      readability_summary TEXT,
      created_at TEXT,
      language TEXT,
      UNIQUE (entry_id, language)
    )`,
    `CREATE TABLE translations (
      entry_id TEXT NOT NULL,
      language TEXT NOT NULL,
      title TEXT,
      description TEXT,
      content TEXT,
      readability_content TEXT,
      created_at TEXT NOT NULL,
      UNIQUE (entry_id, language)
    )`,
    // Stored translations older than 7 days are deleted at start-up.
    "CREATE INDEX translations_created_at ON translations (created_at)",
    `CREATE TABLE images (
      url TEXT PRIMARY KEY NOT NULL,
      colors TEXT NOT NULL,
      created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
    )`,
  ],
};
