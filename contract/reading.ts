import { Schema } from "effect";
import { isEntityId } from "./ids.ts";

/** Requests of the reading API, decoded on the server, typed on the client. */
export const EntityId = Schema.String.check(
  Schema.makeFilter((value: string) => isEntityId(value) || "expected an entity id (13-19 digits)"),
);
export const View = Schema.Literals([0, 1, 2, 3, 4, 5]);
const Text = (max: number) => Schema.String.check(Schema.isMaxLength(max));
const IdList = Schema.Array(EntityId).check(Schema.isMaxLength(1000));
/** ISO date-time or epoch milliseconds, both accepted as paging cursors and time bounds. */
export const TimeBound = Schema.Union([Schema.String.check(Schema.isMaxLength(40)), Schema.Number]);

export const SubscribeRequest = Schema.Struct({
  url: Schema.optional(Text(2048)),
  feedId: Schema.optional(EntityId),
  view: Schema.optional(View),
  category: Schema.optional(Schema.NullOr(Text(200))),
  isPrivate: Schema.optional(Schema.Boolean),
  title: Schema.optional(Schema.NullOr(Text(300))),
  /** Subscribe to a list instead of a feed. */
  listId: Schema.optional(EntityId),
});
export type SubscribeRequest = typeof SubscribeRequest.Type;

export const UpdateSubscriptionRequest = Schema.Struct({
  feedId: EntityId,
  view: Schema.optional(View),
  category: Schema.optional(Schema.NullOr(Text(200))),
  isPrivate: Schema.optional(Schema.Boolean),
  title: Schema.optional(Schema.NullOr(Text(300))),
  /** A push notification for each new entry of the feed, without an action rule. */
  notify: Schema.optional(Schema.Boolean),
});
export type UpdateSubscriptionRequest = typeof UpdateSubscriptionRequest.Type;

export const DeleteSubscriptionRequest = Schema.Struct({
  feedId: Schema.optional(EntityId),
  feedIdList: Schema.optional(IdList),
  url: Schema.optional(Text(2048)),
  listId: Schema.optional(EntityId),
});
export type DeleteSubscriptionRequest = typeof DeleteSubscriptionRequest.Type;

export const BatchSubscriptionRequest = Schema.Struct({
  feedIds: IdList,
  category: Schema.optional(Schema.NullOr(Text(200))),
  view: Schema.optional(View),
});
export type BatchSubscriptionRequest = typeof BatchSubscriptionRequest.Type;

export const RenameCategoryRequest = Schema.Struct({
  feedIdList: IdList,
  category: Text(200),
});
export const DeleteCategoryRequest = Schema.Struct({
  feedIdList: IdList,
  deleteSubscriptions: Schema.optional(Schema.Boolean),
});

export const EntriesRequest = Schema.Struct({
  view: Schema.optional(View),
  feedId: Schema.optional(EntityId),
  feedIdList: Schema.optional(IdList),
  read: Schema.optional(Schema.Boolean),
  limit: Schema.optional(
    Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: 100 })),
  ),
  /**
   * Paging cursor: entries published strictly before this time (the last item's publishedAt);
   * oldest first, strictly after it.
   */
  publishedAfter: Schema.optional(TimeBound),
  /**
   * With `publishedAfter`: the last item's id, to read on inside a run of entries sharing that
   * publish time (a page ends inside one only past ENTRIES_MAX_TIED_ROWS of them).
   */
  publishedAfterId: Schema.optional(EntityId),
  /** Newest first unless "oldest" (a timeline read from its beginning). */
  order: Schema.optional(Schema.Literals(["newest", "oldest"])),
  isCollection: Schema.optional(Schema.Boolean),
  excludePrivate: Schema.optional(Schema.Boolean),
  withContent: Schema.optional(Schema.Boolean),
  /** A list's timeline: the entries of its feeds. */
  listId: Schema.optional(EntityId),
});
export type EntriesRequest = typeof EntriesRequest.Type;

export const EntryIdsRequest = Schema.Struct({ ids: IdList });
export const MarkReadRequest = Schema.Struct({ entryIds: IdList });
export const MarkUnreadRequest = Schema.Struct({ entryId: EntityId });
export const MarkAllReadRequest = Schema.Struct({
  view: Schema.optional(View),
  feedId: Schema.optional(EntityId),
  feedIdList: Schema.optional(IdList),
  excludePrivate: Schema.optional(Schema.Boolean),
  startTime: Schema.optional(TimeBound),
  endTime: Schema.optional(TimeBound),
  listId: Schema.optional(EntityId),
  /** An inbox's handle. */
  inboxId: Schema.optional(Text(64)),
});
export type MarkAllReadRequest = typeof MarkAllReadRequest.Type;

export const CollectionRequest = Schema.Struct({
  entryId: EntityId,
  view: Schema.optional(View),
});
export const UncollectRequest = Schema.Struct({ entryId: EntityId });

/** Query strings (GET): every value arrives as a string. */
export const EntityIdQuery = Schema.Struct({ id: EntityId });
export const ViewQuery = Schema.Struct({
  view: Schema.optional(Schema.NumberFromString.pipe(Schema.decodeTo(View))),
});
export const EntryQuery = Schema.Struct({ entryId: EntityId });
export const FeedQuery = Schema.Struct({
  id: Schema.optional(EntityId),
  url: Schema.optional(Text(2048)),
  entriesLimit: Schema.optional(
    Schema.NumberFromString.pipe(
      Schema.check(Schema.isInt(), Schema.isBetween({ minimum: 0, maximum: 20 })),
    ),
  ),
});
export const ReadHistoryQuery = Schema.Struct({
  size: Schema.optional(
    Schema.NumberFromString.pipe(
      Schema.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: 100 })),
    ),
  ),
});
