import { Schema } from "effect";
import { sql } from "kysely";
import { CollectionModel } from "../../../contract/entities/collection.ts";
import { EntryModel } from "../../../contract/entities/entry.ts";
import { SubscriptionModel } from "../../../contract/entities/subscription.ts";
import { local, statement } from "../../db/local-sql.ts";
import { defineEvent } from "../event-definition.ts";

/** Stars, in the local `collections` table. */
const entry = EntryModel.fields;

/** A star takes the view given, else its subscription's view, else Articles (as the server). */
export const EntryStarred = defineEvent(
  "EntryStarred",
  1,
  Schema.Struct({
    entryId: entry.id,
    feedId: Schema.optionalKey(entry.feedId),
    view: Schema.optionalKey(SubscriptionModel.fields.view),
    createdAt: CollectionModel.fields.createdAt,
  }),
  (data) => {
    const feedId = data.feedId ?? null;
    return [
      statement(
        local
          .insertInto("collections")
          .columns(["entry_id", "feed_id", "created_at", "view"])
          .expression((eb) =>
            eb
              // One row whether the entry is stored or not: a star can come before its entry.
              .selectFrom(local.selectNoFrom((one) => one.lit(1).as("one")).as("row"))
              .leftJoin("entries as e", (join) => join.on("e.id", "=", data.entryId))
              .leftJoin("subscriptions as s", (join) =>
                join.on((on) =>
                  on("s.feed_id", "=", on.fn.coalesce(on.val(feedId), on.ref("e.feed_id"))),
                ),
              )
              .select((row) => [
                row.val(data.entryId).as("entry_id"),
                row.fn.coalesce(row.val(feedId), "e.feed_id").as("feed_id"),
                row.val(data.createdAt).as("created_at"),
                row.fn.coalesce(row.val(data.view ?? null), "s.view", row.lit(0)).as("view"),
              ])
              .where(sql.lit(true))
              .limit(1),
          )
          .onConflict((conflict) => conflict.column("entry_id").doNothing()),
      ),
    ];
  },
);

export const EntryUnstarred = defineEvent(
  "EntryUnstarred",
  1,
  Schema.Struct({ entryId: entry.id }),
  (data) => [statement(local.deleteFrom("collections").where("entry_id", "=", data.entryId))],
);

export const collectionEvents = [EntryStarred, EntryUnstarred] as const;
