import { Schema } from "effect";
import { PublicProfile } from "../profiles.ts";
import {
  EntityId,
  EntityIdQuery,
  EntriesRequest,
  EntryIdsRequest,
  ReadHistoryQuery,
  View,
} from "../reading.ts";
import { EntryListItem, EntryModel, FeedModel } from "../reading-models.ts";
import { Envelope, endpoint } from "./endpoint.ts";
import { routes } from "./info.ts";

/** A timeline page: entries (without content unless asked) with their feeds, newest first. */
export const list = endpoint(routes.entries.list, {
  request: EntriesRequest,
  response: Envelope(Schema.Array(EntryListItem)),
});

/** One entry with its content, if the user may see it (else 3000). */
export const get = endpoint(routes.entries.get, {
  request: EntityIdQuery,
  response: Envelope(Schema.Struct({ entries: EntryModel, feeds: FeedModel })),
});

/** Content of entries the client has in list form: one line per entry found. */
export const stream = endpoint(routes.entries.stream, {
  request: EntryIdsRequest,
  response: Schema.Struct({ id: Schema.String, content: Schema.NullOr(Schema.String) }),
});

/** The full text of the entry's page; null when nothing readable was found. */
export const readability = endpoint(routes.entries.readability, {
  request: EntityIdQuery,
  response: Envelope(Schema.NullOr(Schema.Struct({ content: Schema.String }))),
});

/** Who read the entry (public subscribers only), newest first, and how many. */
export const readHistories = endpoint(routes.entries.readHistories, {
  params: Schema.Struct({ id: EntityId }),
  request: ReadHistoryQuery,
  response: Envelope(
    Schema.Struct({
      users: Schema.Record(Schema.String, PublicProfile),
      total: Schema.Number,
      entryReadHistories: Schema.Struct({
        userIds: Schema.Array(Schema.String),
        readCount: Schema.Number,
      }),
    }),
  ),
});

/**
 * Whether the server holds entries of a timeline inserted after a time (epoch ms or ISO): the
 * "new entries" pill. Query values arrive as strings; a feed list is comma-separated.
 */
export const checkNew = endpoint(routes.entries.checkNew, {
  request: Schema.Struct({
    insertedAfter: Schema.String.check(Schema.isMaxLength(40)),
    view: Schema.optional(Schema.NumberFromString.pipe(Schema.decodeTo(View))),
    feedId: Schema.optional(EntityId),
    feedIdList: Schema.optional(Schema.String.check(Schema.isMaxLength(20_000))),
    read: Schema.optional(Schema.Literals(["true", "false"])),
  }),
  response: Envelope(
    Schema.Struct({
      has_new: Schema.Boolean,
      entry_id: Schema.optional(Schema.String),
      lastest_at: Schema.optional(Schema.String),
    }),
  ),
});
