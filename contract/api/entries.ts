import { Schema } from "effect";
import { PublicProfile } from "../profiles.ts";
import {
  EntityId,
  EntityIdQuery,
  EntriesRequest,
  EntryIdsRequest,
  ReadHistoryQuery,
} from "../reading.ts";
import { EntryListItem, EntryModel, FeedModel } from "../reading-models.ts";
import { Envelope, endpoint } from "./endpoint.ts";

/** A timeline page: entries (without content unless asked) with their feeds, newest first. */
export const list = endpoint({
  method: "POST",
  path: "/entries",
  request: EntriesRequest,
  response: Envelope(Schema.Array(EntryListItem)),
});

/** One entry with its content, if the user may see it (else 3000). */
export const get = endpoint({
  method: "GET",
  path: "/entries",
  request: EntityIdQuery,
  response: Envelope(Schema.Struct({ entries: EntryModel, feeds: FeedModel })),
});

/** Content of entries the client has in list form: one line per entry found. */
export const stream = endpoint({
  method: "POST",
  path: "/entries/stream",
  request: EntryIdsRequest,
  response: Schema.Struct({ id: Schema.String, content: Schema.NullOr(Schema.String) }),
  format: "ndjson",
});

/** The full text of the entry's page; null when nothing readable was found. */
export const readability = endpoint({
  method: "GET",
  path: "/entries/readability",
  request: EntityIdQuery,
  response: Envelope(Schema.NullOr(Schema.Struct({ content: Schema.String }))),
});

/** Who read the entry (public subscribers only), newest first, and how many. */
export const readHistories = endpoint({
  method: "GET",
  path: "/entries/read-histories/:id",
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
