import { Schema } from "effect";
import { EntityId } from "../reading.ts";
import { Envelope, endpoint, Ok } from "./endpoint.ts";
import { routes } from "./info.ts";

/** An instance's address: http(s), no credentials in it (the access key is its own field). */
const BaseUrl = Schema.String.check(Schema.isMinLength(8), Schema.isMaxLength(500));
const AccessKey = Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(200));

/** The last check of an instance: did it answer, which build, how fast, what went wrong. */
export const FeedRouteInstanceStatus = Schema.Struct({
  checkedAt: Schema.String,
  reachable: Schema.Boolean,
  version: Schema.NullOr(Schema.String),
  latencyMs: Schema.Number,
  error: Schema.NullOr(Schema.String),
});
export type FeedRouteInstanceStatus = typeof FeedRouteInstanceStatus.Type;

/** One of the person's own instances. The key is never sent back, only whether one is set. */
export const FeedRouteInstance = Schema.Struct({
  id: EntityId,
  baseUrl: Schema.String,
  hasAccessKey: Schema.Boolean,
  isDefault: Schema.Boolean,
  status: Schema.NullOr(FeedRouteInstanceStatus),
  createdAt: Schema.String,
});
export type FeedRouteInstance = typeof FeedRouteInstance.Type;

/**
 * The person's own feed-route (RSSHub) instances, the server's (null when the operator set
 * none), and which one their catalogue and rsshub:// subscriptions use.
 */
export const list = endpoint(routes.feedRouteInstances.list, {
  request: Schema.Struct({}),
  response: Envelope(
    Schema.Struct({
      instances: Schema.Array(FeedRouteInstance),
      serverInstance: Schema.NullOr(Schema.String),
      /** The chosen instance's id; null: the server's. */
      defaultId: Schema.NullOr(EntityId),
    }),
  ),
});

/**
 * Adds an instance (checked at once: its status comes back). The access key is stored
 * encrypted; an address with credentials, or not http(s), is a 1002; past 10, a 13004.
 */
export const add = endpoint(routes.feedRouteInstances.add, {
  request: Schema.Struct({ baseUrl: BaseUrl, accessKey: Schema.optional(AccessKey) }),
  response: Envelope(FeedRouteInstance),
});

/**
 * Changes an instance's address or access key (absent: kept; null: removed), then checks it
 * again like a new one. Another person's instance is a 13003; an address added already, 1002.
 */
export const update = endpoint(routes.feedRouteInstances.update, {
  request: Schema.Struct({
    id: EntityId,
    baseUrl: Schema.optional(BaseUrl),
    accessKey: Schema.optional(Schema.NullOr(AccessKey)),
  }),
  response: Envelope(FeedRouteInstance),
});

export const remove = endpoint(routes.feedRouteInstances.remove, {
  request: Schema.Struct({ id: EntityId }),
  response: Ok,
});

/** Checks an instance again (reachable, version, latency, error) and answers it. */
export const check = endpoint(routes.feedRouteInstances.check, {
  request: Schema.Struct({ id: EntityId }),
  response: Envelope(FeedRouteInstance),
});

/** Picks the instance the person's catalogue and rsshub:// subscriptions use; null: the server's. */
export const choose = endpoint(routes.feedRouteInstances.choose, {
  request: Schema.Struct({ id: Schema.NullOr(EntityId) }),
  response: Ok,
});
