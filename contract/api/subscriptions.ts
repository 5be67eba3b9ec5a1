import { Schema } from "effect";
import {
  BatchSubscriptionRequest,
  DeleteSubscriptionRequest,
  SubscribeRequest,
  UpdateSubscriptionRequest,
  ViewQuery,
} from "../reading.ts";
import {
  FeedModel,
  InboxSubscriptionModel,
  ListModel,
  ListSubscriptionModel,
  SubscriptionModel,
} from "../reading-models.ts";
import { Envelope, endpoint, NoRequest, Ok } from "./endpoint.ts";
import { routes } from "./info.ts";
import {
  ExportAnswer,
  ExportQuery,
  ImportAnswer,
  ImportRequest,
  ImportStatusQuery,
  ParseOpmlAnswer,
  ParseOpmlRequest,
} from "./opml.ts";

export const list = endpoint(routes.subscriptions.list, {
  request: ViewQuery,
  response: Envelope(
    Schema.Array(Schema.Union([SubscriptionModel, ListSubscriptionModel, InboxSubscriptionModel])),
  ),
});

/**
 * Subscribes by URL (discovering the feed) or by feed id, answering the feed and its unread; or
 * to a list by `listId`, answering the list.
 */
export const subscribe = endpoint(routes.subscriptions.subscribe, {
  request: SubscribeRequest,
  response: Schema.Union([
    Schema.Struct({
      code: Schema.Literal(0),
      feed: FeedModel,
      list: Schema.Null,
      unread: Schema.Record(Schema.String, Schema.Number),
    }),
    Schema.Struct({
      code: Schema.Literal(0),
      feed: Schema.Null,
      list: ListModel,
      unread: Schema.Record(Schema.String, Schema.Number),
    }),
  ]),
});

export const update = endpoint(routes.subscriptions.update, {
  request: UpdateSubscriptionRequest,
  response: Ok,
});

export const unsubscribe = endpoint(routes.subscriptions.unsubscribe, {
  request: DeleteSubscriptionRequest,
  response: Ok,
});

export const batchUpdate = endpoint(routes.subscriptions.batchUpdate, {
  request: BatchSubscriptionRequest,
  response: Ok,
});

/** Reads an OPML file: its feeds (with already-followed ones marked), problems per line, quota. */
export const parseOpml = endpoint(routes.subscriptions.parseOpml, {
  request: ParseOpmlRequest,
  response: ParseOpmlAnswer,
  invalid: { request: 14000 },
});

/**
 * The same reading of an OPML file sent as the file itself (its bytes, any encoding the XML
 * declaration names), not as a JSON string: how a file of tens of thousands of outlines goes up.
 * 14001 over OPML_MAX_BYTES, 14000 when it is not OPML.
 */
export const uploadOpml = endpoint(routes.subscriptions.uploadOpml, {
  request: NoRequest,
  response: ParseOpmlAnswer,
  invalid: { request: 14000 },
});

/** Starts subscribing to the chosen feeds in the background; answers the progress so far. */
export const importOpml = endpoint(routes.subscriptions.importOpml, {
  request: ImportRequest,
  response: ImportAnswer,
});

/** Progress of an import this person started (per feed: done, failed with a code, skipped). */
export const importStatus = endpoint(routes.subscriptions.importStatus, {
  request: ImportStatusQuery,
  response: ImportAnswer,
});

/** Every subscription as OPML 2.0, in folders by category or by view. */
export const exportOpml = endpoint(routes.subscriptions.exportOpml, {
  request: ExportQuery,
  response: ExportAnswer,
});
