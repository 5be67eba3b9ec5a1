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

/** A list as the API may send it inside a subscription or a pull (older answers lack fields). */
export interface ServerList {
  id: string;
  userId?: string | null;
  title: string;
  feedIds?: readonly string[] | null;
  description?: string | null;
  view: number;
  image?: string | null;
  fee?: number | null;
  ownerUserId?: string | null;
  subscriptionCount?: number | null;
  purchaseAmount?: number | string | null;
}

/** A list is kept only when it has an owner; its purchase amount is stored as text. */
export function listRow(list: ServerList | null | undefined) {
  if (!list?.ownerUserId) return undefined;
  return listsTable.encode({
    id: list.id,
    user_id: list.userId ?? null,
    title: list.title,
    feed_ids: list.feedIds ?? null,
    description: list.description ?? null,
    view: list.view,
    image: list.image ?? null,
    fee: list.fee ?? null,
    owner_user_id: list.ownerUserId,
    subscription_count: list.subscriptionCount ?? null,
    purchase_amount: list.purchaseAmount == null ? null : String(list.purchaseAmount),
  });
}
