import { Schema } from "effect";
import { Envelope, endpoint, NoRequest } from "./endpoint.ts";
import { routes } from "./info.ts";

/**
 * What changed, as a poke names it: "state" is the user's own data (subscriptions, reads,
 * stars, lists, categories, settings, actions: anything a write of theirs changed), "entries"
 * new entries in a feed they follow, their inbox or a list they follow. A poke names no data:
 * the client pulls.
 */
export const SyncScope = Schema.Literals(["state", "entries"]);
export type SyncScope = typeof SyncScope.Type;

/** A user's change counter, as a decimal string (it is a 64-bit integer on the server). */
export const SyncVersion = Schema.String.check(Schema.isPattern(/^\d{1,19}$/));

/** One `poke` event's data; the event's `id` is the same version (for Last-Event-ID). */
export const Poke = Schema.Struct({
  version: SyncVersion,
  scopes: Schema.Array(SyncScope),
});
export type Poke = typeof Poke.Type;

/**
 * `GET /sync/stream`: Server-Sent Events. On connect `retry: 2000` and a poke with the current
 * version and no scopes; then a poke per change (coalesced over ~50 ms), and `: ping` comments
 * as heartbeats. `version` (or a Last-Event-ID header) is the last version the client saw.
 */
export const stream = endpoint(routes.sync.stream, {
  request: Schema.Struct({ version: Schema.optionalKey(SyncVersion) }),
  response: Poke,
});

/** The user's current version, for clients that cannot hold a stream open. */
export const version = endpoint(routes.sync.version, {
  request: NoRequest,
  response: Envelope(Schema.Struct({ version: SyncVersion })),
});
