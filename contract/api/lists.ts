import { Schema } from "effect";
import { EntityId, View } from "../reading.ts";
import { FeedModel, ListModel } from "../reading-models.ts";
import { Envelope, endpoint, Ok } from "./endpoint.ts";
import { routes } from "./info.ts";

const Text = (max: number) => Schema.String.check(Schema.isMaxLength(max));
const Title = Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(200));
const Fee = Schema.Number.check(
  Schema.isInt(),
  Schema.isBetween({ minimum: 0, maximum: 1_000_000 }),
);
const FeedIds = Schema.Array(EntityId).check(Schema.isMinLength(1), Schema.isMaxLength(1000));

export const ListQuery = Schema.Struct({ listId: EntityId });

/** A list as its page shows it: the list, its feeds, how many follow it, whether you do. */
export const get = endpoint(routes.lists.get, {
  request: ListQuery,
  response: Envelope(
    Schema.Struct({
      list: ListModel,
      feeds: Schema.Array(FeedModel),
      owner: Schema.Struct({ id: Schema.String, name: Schema.NullOr(Schema.String) }),
      subscriptionCount: Schema.Number,
      feedCount: Schema.Number,
      subscribed: Schema.Boolean,
    }),
  ),
});

/** Lists a person owns: yours, or another person's by `userId`. */
export const list = endpoint(routes.lists.list, {
  request: Schema.Struct({ userId: Schema.optional(Text(64)) }),
  response: Envelope(Schema.Array(ListModel)),
});

export const CreateListRequest = Schema.Struct({
  /** An id the client made (so an offline create is the same list once synced). */
  id: Schema.optional(EntityId),
  title: Title,
  description: Schema.optional(Schema.NullOr(Text(2000))),
  image: Schema.optional(Schema.NullOr(Text(2048))),
  view: View,
  fee: Schema.optional(Fee),
});

export const create = endpoint(routes.lists.create, {
  request: CreateListRequest,
  response: Envelope(ListModel),
});

export const UpdateListRequest = Schema.Struct({
  listId: EntityId,
  title: Schema.optional(Title),
  description: Schema.optional(Schema.NullOr(Text(2000))),
  image: Schema.optional(Schema.NullOr(Text(2048))),
  view: Schema.optional(View),
  fee: Schema.optional(Fee),
});

export const update = endpoint(routes.lists.update, {
  request: UpdateListRequest,
  response: Ok,
});

export const remove = endpoint(routes.lists.remove, {
  request: Schema.Struct({ listId: EntityId }),
  response: Ok,
});

export const ListFeedsRequest = Schema.Struct({
  listId: EntityId,
  feedId: Schema.optional(EntityId),
  feedIds: Schema.optional(FeedIds),
});

export const addFeeds = endpoint(routes.lists.addFeeds, {
  request: ListFeedsRequest,
  response: Ok,
});

export const removeFeeds = endpoint(routes.lists.removeFeeds, {
  request: ListFeedsRequest,
  response: Ok,
});
