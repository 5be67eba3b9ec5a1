import { Schema } from "effect";

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
