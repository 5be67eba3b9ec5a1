import { Schema } from "effect";
import { integer, text } from "./columns.ts";
import { localTable } from "./local-table.ts";
import { modelColumns } from "./model-columns.ts";

const NullableText = Schema.NullOr(Schema.String);

/** A list: a curated set of feeds one person owns; `purchaseAmount` is text. */
export const ListModel = Schema.Struct({
  type: Schema.Literal("list"),
  id: Schema.String,
  title: Schema.String,
  description: NullableText,
  image: NullableText,
  view: Schema.Number,
  fee: Schema.Number,
  ownerUserId: Schema.String,
  feedIds: Schema.Array(Schema.String),
  subscriptionCount: Schema.optionalKey(Schema.Number),
  purchaseAmount: Schema.optionalKey(Schema.String),
});
export type ListModel = typeof ListModel.Type;

const wire = modelColumns(ListModel, [
  "id",
  "title",
  "description",
  "image",
  "view",
  "fee",
  "ownerUserId",
  "feedIds",
  "subscriptionCount",
  "purchaseAmount",
]);

/**
 * The lists the person owns or follows, as pulls and commands leave them. Rows written before
 * a list arrived whole may lack its feed ids and fee.
 */
export const listsTable = localTable({
  name: "lists",
  columns: {
    id: wire.id,
    user_id: text().orNull(),
    title: wire.title,
    feed_ids: wire.feed_ids.orNull(),
    description: wire.description,
    view: wire.view,
    image: wire.image,
    fee: integer().orNull(),
    owner_user_id: wire.owner_user_id.orNull(),
    subscription_count: wire.subscription_count,
    purchase_amount: wire.purchase_amount,
  },
  key: ["id"],
});
