import { Schema } from "effect";
import { sql } from "kysely";
import { ListModel } from "../../../contract/entities/list.ts";
import { local, statement } from "../../db/local-sql.ts";
import { defineEvent } from "../event-definition.ts";

/** Lists the person owns, in the local `lists` table (feed ids as a JSON array). */
const list = ListModel.fields;
const FeedIds = Schema.Array(Schema.String);

export const ListCreated = defineEvent(
  "ListCreated",
  1,
  Schema.Struct({
    listId: list.id,
    ownerUserId: list.ownerUserId,
    title: list.title,
    description: Schema.optionalKey(list.description),
    image: Schema.optionalKey(list.image),
    view: list.view,
    fee: Schema.optionalKey(list.fee),
  }),
  (data) => [
    statement(
      local
        .insertInto("lists")
        .values({
          id: data.listId,
          user_id: data.ownerUserId,
          title: data.title,
          feed_ids: "[]",
          description: data.description ?? null,
          view: data.view,
          image: data.image ?? null,
          fee: data.fee ?? 0,
          owner_user_id: data.ownerUserId,
          subscription_count: 0,
          purchase_amount: "0",
        })
        .onConflict((conflict) => conflict.column("id").doNothing()),
    ),
  ],
);

export const ListEdited = defineEvent(
  "ListEdited",
  1,
  Schema.Struct({
    listId: list.id,
    title: Schema.optionalKey(list.title),
    description: Schema.optionalKey(list.description),
    image: Schema.optionalKey(list.image),
    view: Schema.optionalKey(list.view),
    fee: Schema.optionalKey(list.fee),
  }),
  ({ listId, ...changes }) => {
    const set = Object.fromEntries(
      Object.entries(changes).filter(([, value]) => value !== undefined),
    ) as typeof changes;
    if (Object.keys(set).length === 0) return [];
    return [statement(local.updateTable("lists").set(set).where("id", "=", listId))];
  },
);

export const ListDeleted = defineEvent(
  "ListDeleted",
  1,
  Schema.Struct({ listId: list.id }),
  (data) => [
    statement(
      local
        .deleteFrom("subscriptions")
        .where("type", "=", "list")
        .where("list_id", "=", data.listId),
    ),
    statement(local.deleteFrom("lists").where("id", "=", data.listId)),
  ],
);

/** The values of a JSON array, as a table (`json_each`). */
const jsonEach = (array: unknown) => sql<{ value: string }>`json_each(${array})`;
/** The list's current feed ids (an empty array when none are stored yet). */
const storedIds = () => jsonEach(sql`COALESCE(${sql.ref("lists.feed_ids")}, '[]')`);
const idArray = sql<string>`json_group_array(value)`.as("ids");

/** Adds feed ids to the list's JSON array, once each, in the order given. */
export const ListFeedsAdded = defineEvent(
  "ListFeedsAdded",
  1,
  Schema.Struct({ listId: list.id, feedIds: FeedIds }),
  (data) => [
    statement(
      local
        .updateTable("lists")
        .set((eb) => ({
          feed_ids: eb
            .selectFrom(
              eb
                .selectFrom(storedIds().as("current"))
                .select("value")
                .unionAll(
                  eb
                    .selectFrom(jsonEach(JSON.stringify(data.feedIds)).as("added"))
                    .select("added.value")
                    .where(
                      "added.value",
                      "not in",
                      eb.selectFrom(storedIds().as("kept")).select("value"),
                    ),
                )
                .as("merged"),
            )
            .select(idArray),
        }))
        .where("id", "=", data.listId),
    ),
  ],
);

export const ListFeedsRemoved = defineEvent(
  "ListFeedsRemoved",
  1,
  Schema.Struct({ listId: list.id, feedIds: FeedIds }),
  (data) => [
    statement(
      local
        .updateTable("lists")
        .set((eb) => ({
          feed_ids: eb
            .selectFrom(storedIds().as("current"))
            .select(idArray)
            .where(
              "value",
              "not in",
              eb.selectFrom(jsonEach(JSON.stringify(data.feedIds)).as("removed")).select("value"),
            ),
        }))
        .where("id", "=", data.listId),
    ),
  ],
);

/** Following a list: its subscription row (the list itself arrives with the next pull). */
export const ListFollowed = defineEvent(
  "ListFollowed",
  1,
  Schema.Struct({
    listId: list.id,
    userId: Schema.String,
    view: list.view,
    createdAt: Schema.String,
  }),
  (data) => [
    statement(
      local
        .insertInto("subscriptions")
        .values({
          id: `list/${data.listId}`,
          feed_id: null,
          list_id: data.listId,
          inbox_id: null,
          user_id: data.userId,
          view: data.view,
          is_private: 0,
          title: null,
          category: null,
          created_at: data.createdAt,
          type: "list",
        })
        .onConflict((conflict) =>
          conflict.column("id").doUpdateSet((eb) => ({ view: eb.ref("excluded.view") })),
        ),
    ),
  ],
);

export const ListUnfollowed = defineEvent(
  "ListUnfollowed",
  1,
  Schema.Struct({ listId: list.id }),
  (data) => [statement(local.deleteFrom("subscriptions").where("id", "=", `list/${data.listId}`))],
);

export const listEvents = [
  ListCreated,
  ListEdited,
  ListDeleted,
  ListFeedsAdded,
  ListFeedsRemoved,
  ListFollowed,
  ListUnfollowed,
] as const;
