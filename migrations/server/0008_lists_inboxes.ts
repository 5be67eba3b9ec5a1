import type { Kysely } from "kysely";

/**
 * Lists (curated sets of feeds one person owns and others subscribe to) and inboxes (a feed fed
 * by e-mail or webhook instead of fetching: each inbox owns a feed row that is never scheduled).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("list")
    .addColumn("id", "varchar(20)", (c) => c.primaryKey())
    .addColumn("owner_user_id", "varchar(64)", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("image", "text")
    .addColumn("view", "integer", (c) => c.notNull())
    .addColumn("fee", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "varchar(30)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(30)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("list_owner").on("list").column("owner_user_id").execute();

  await db.schema
    .createTable("list_feed")
    .addColumn("list_id", "varchar(20)", (c) =>
      c.notNull().references("list.id").onDelete("cascade"),
    )
    .addColumn("feed_id", "varchar(20)", (c) =>
      c.notNull().references("feed.id").onDelete("cascade"),
    )
    .addColumn("added_at", "varchar(30)", (c) => c.notNull())
    .addPrimaryKeyConstraint("list_feed_pk", ["list_id", "feed_id"])
    .execute();
  await db.schema.createIndex("list_feed_feed").on("list_feed").column("feed_id").execute();

  await db.schema
    .createTable("list_subscription")
    .addColumn("user_id", "varchar(64)", (c) => c.notNull())
    .addColumn("list_id", "varchar(20)", (c) =>
      c.notNull().references("list.id").onDelete("cascade"),
    )
    .addColumn("view", "integer", (c) => c.notNull())
    .addColumn("is_private", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("title", "text")
    .addColumn("category", "text")
    .addColumn("created_at", "varchar(30)", (c) => c.notNull())
    .addPrimaryKeyConstraint("list_subscription_pk", ["user_id", "list_id"])
    .execute();
  await db.schema
    .createIndex("list_subscription_list")
    .on("list_subscription")
    .column("list_id")
    .execute();

  await db.schema
    .createTable("inbox")
    .addColumn("id", "varchar(64)", (c) => c.primaryKey())
    .addColumn("owner_user_id", "varchar(64)", (c) => c.notNull())
    .addColumn("feed_id", "varchar(20)", (c) =>
      c.notNull().references("feed.id").onDelete("cascade"),
    )
    .addColumn("title", "text")
    .addColumn("secret", "varchar(64)", (c) => c.notNull())
    .addColumn("created_at", "varchar(30)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("inbox_owner").on("inbox").column("owner_user_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("inbox").execute();
  await db.schema.dropTable("list_subscription").execute();
  await db.schema.dropTable("list_feed").execute();
  await db.schema.dropTable("list").execute();
}
