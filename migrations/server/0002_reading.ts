import type { Kysely } from "kysely";

/**
 * Feeds, their entries, and each user's subscriptions, unread entries and stars. Times are ISO
 * 8601 UTC strings (they sort correctly as text on both SQLite and PostgreSQL); booleans are 0/1.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("feed")
    .addColumn("id", "varchar(20)", (c) => c.primaryKey())
    .addColumn("url", "text", (c) => c.notNull().unique())
    .addColumn("title", "text")
    .addColumn("description", "text")
    .addColumn("image", "text")
    .addColumn("site_url", "text")
    .addColumn("language", "varchar(35)")
    .addColumn("owner_user_id", "varchar(64)")
    .addColumn("error_at", "varchar(30)")
    .addColumn("error_message", "text")
    .addColumn("failure_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("etag", "text")
    .addColumn("last_modified", "text")
    .addColumn("checked_at", "varchar(30)")
    .addColumn("next_check_at", "varchar(30)", (c) => c.notNull())
    .addColumn("lease_owner", "varchar(64)")
    .addColumn("lease_until", "varchar(30)")
    .addColumn("created_at", "varchar(30)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(30)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("feed_next_check").on("feed").column("next_check_at").execute();

  await db.schema
    .createTable("entry")
    .addColumn("id", "varchar(20)", (c) => c.primaryKey())
    .addColumn("feed_id", "varchar(20)", (c) =>
      c.notNull().references("feed.id").onDelete("cascade"),
    )
    .addColumn("guid", "text", (c) => c.notNull())
    .addColumn("title", "text")
    .addColumn("url", "text")
    .addColumn("content", "text")
    .addColumn("description", "text")
    .addColumn("author", "text")
    .addColumn("author_url", "text")
    .addColumn("author_avatar", "text")
    .addColumn("language", "varchar(35)")
    .addColumn("categories", "text", (c) => c.notNull())
    .addColumn("media", "text", (c) => c.notNull())
    .addColumn("attachments", "text", (c) => c.notNull())
    .addColumn("extra", "text")
    .addColumn("content_hash", "varchar(64)", (c) => c.notNull())
    .addColumn("published_at", "varchar(30)", (c) => c.notNull())
    .addColumn("inserted_at", "varchar(30)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(30)", (c) => c.notNull())
    .addUniqueConstraint("entry_feed_guid", ["feed_id", "guid"])
    .execute();
  await db.schema
    .createIndex("entry_feed_published")
    .on("entry")
    .columns(["feed_id", "published_at"])
    .execute();

  await db.schema
    .createTable("subscription")
    .addColumn("user_id", "varchar(64)", (c) => c.notNull())
    .addColumn("feed_id", "varchar(20)", (c) =>
      c.notNull().references("feed.id").onDelete("cascade"),
    )
    .addColumn("view", "integer", (c) => c.notNull())
    .addColumn("is_private", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("title", "text")
    .addColumn("category", "text")
    .addColumn("created_at", "varchar(30)", (c) => c.notNull())
    .addPrimaryKeyConstraint("subscription_pk", ["user_id", "feed_id"])
    .execute();
  await db.schema.createIndex("subscription_feed").on("subscription").column("feed_id").execute();

  await db.schema
    .createTable("unread")
    .addColumn("user_id", "varchar(64)", (c) => c.notNull())
    .addColumn("entry_id", "varchar(20)", (c) =>
      c.notNull().references("entry.id").onDelete("cascade"),
    )
    .addColumn("feed_id", "varchar(20)", (c) => c.notNull())
    .addColumn("published_at", "varchar(30)", (c) => c.notNull())
    .addPrimaryKeyConstraint("unread_pk", ["user_id", "entry_id"])
    .execute();
  await db.schema
    .createIndex("unread_user_feed")
    .on("unread")
    .columns(["user_id", "feed_id"])
    .execute();

  await db.schema
    .createTable("collection")
    .addColumn("user_id", "varchar(64)", (c) => c.notNull())
    .addColumn("entry_id", "varchar(20)", (c) =>
      c.notNull().references("entry.id").onDelete("cascade"),
    )
    .addColumn("feed_id", "varchar(20)", (c) => c.notNull())
    .addColumn("view", "integer", (c) => c.notNull())
    .addColumn("created_at", "varchar(30)", (c) => c.notNull())
    .addPrimaryKeyConstraint("collection_pk", ["user_id", "entry_id"])
    .execute();

  await db.schema
    .createTable("read_history")
    .addColumn("entry_id", "varchar(20)", (c) =>
      c.notNull().references("entry.id").onDelete("cascade"),
    )
    .addColumn("user_id", "varchar(64)", (c) => c.notNull())
    .addColumn("read_at", "varchar(30)", (c) => c.notNull())
    .addPrimaryKeyConstraint("read_history_pk", ["entry_id", "user_id"])
    .execute();

  await db.schema
    .createTable("readability_cache")
    .addColumn("entry_id", "varchar(20)", (c) =>
      c.primaryKey().references("entry.id").onDelete("cascade"),
    )
    .addColumn("content", "text")
    .addColumn("fetched_at", "varchar(30)", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "readability_cache",
    "read_history",
    "collection",
    "unread",
    "subscription",
    "entry",
    "feed",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
