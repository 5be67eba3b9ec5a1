import { Schema } from "effect";
import { endpoint, NoRequest } from "./endpoint.ts";
import { routes } from "./info.ts";

/**
 * WebSub callbacks: a feed's hub calls these, not a person, so they take no session. The path
 * segment is the subscription's unguessable id, the only permission; a hub's content is
 * accepted only with a valid signature made with that subscription's secret.
 */
const Text = (max: number) => Schema.String.check(Schema.isMaxLength(max));
const Callback = Text(100);

/** The hub verifies an intent (subscribe, unsubscribe) or says it denied one. The answer is
 * the challenge, echoed as plain text, or a 404 for an intent we do not hold. */
export const verify = endpoint(routes.websub.verify, {
  params: Schema.Struct({ callback: Callback }),
  request: Schema.Struct({
    "hub.mode": Schema.optional(Text(20)),
    "hub.topic": Schema.optional(Text(2048)),
    "hub.challenge": Schema.optional(Text(512)),
    "hub.lease_seconds": Schema.optional(Text(12)),
    "hub.reason": Schema.optional(Text(500)),
  }),
  response: Schema.Unknown,
});

/** The hub distributes the feed's new content (the feed document itself, signed). */
export const deliver = endpoint(routes.websub.deliver, {
  params: Schema.Struct({ callback: Callback }),
  request: NoRequest,
  response: Schema.Unknown,
});
