import { Schema } from "effect";
import { EntityId } from "../reading.ts";
import { Envelope, endpoint, NoRequest } from "./endpoint.ts";
import { routes } from "./info.ts";

const Text = (max: number) => Schema.String.check(Schema.isMaxLength(max));
/** A push service URL: https (browsers' services all are), bounded. */
const PushEndpoint = Schema.String.check(
  Schema.makeFilter(
    (value: string) =>
      (value.length <= 2048 && /^https?:\/\/[^\s]+$/i.test(value) && URL.canParse(value)) ||
      "expected the push service's URL",
  ),
);

/** How many bytes a base64url text (padded or not) decodes to; -1 when it is not base64url. */
function base64UrlBytes(value: string): number {
  const bare = value.replace(/={1,2}$/, "");
  if (!/^[A-Za-z0-9_-]*$/.test(bare) || bare.length % 4 === 1) return -1;
  return Math.floor((bare.length * 6) / 8);
}

/**
 * The browser's P-256 public key (RFC 8291): 65 bytes, uncompressed (0x04 first, which is
 * "B" then A to P in base64url). A malformed one cannot be encrypted for.
 */
const P256dhKey = Schema.String.check(
  Schema.makeFilter(
    (value: string) =>
      (base64UrlBytes(value) === 65 && /^B[A-P]/.test(value)) ||
      "keys.p256dh must be the browser's P-256 public key: 65 bytes starting with 0x04, base64url",
  ),
);

/** The browser's auth secret (RFC 8291): 16 bytes. */
const AuthSecret = Schema.String.check(
  Schema.makeFilter(
    (value: string) =>
      base64UrlBytes(value) === 16 ||
      "keys.auth must be the browser's 16-byte auth secret, base64url",
  ),
);

/** The server's VAPID public key, for PushManager.subscribe's applicationServerKey. */
export const key = endpoint(routes.push.key, {
  request: NoRequest,
  response: Envelope(Schema.Struct({ publicKey: Schema.String })),
});

export const PushDevice = Schema.Struct({
  id: Schema.String,
  name: Schema.NullOr(Schema.String),
  /** The push service's host (which browser vendor delivers). */
  service: Schema.String,
  createdAt: Schema.String,
});

/** The user's registered browsers. */
export const list = endpoint(routes.push.list, {
  request: NoRequest,
  response: Envelope(Schema.Array(PushDevice)),
});

/** Registers this browser's PushSubscription (its toJSON()). */
export const subscribe = endpoint(routes.push.subscribe, {
  request: Schema.Struct({
    endpoint: PushEndpoint,
    keys: Schema.Struct({ p256dh: P256dhKey, auth: AuthSecret }),
    name: Schema.optional(Text(200)),
  }),
  response: Envelope(Schema.Struct({ id: Schema.String })),
});

/** Unregisters a browser, by id (Settings › Notifications) or endpoint (this browser). */
export const unsubscribe = endpoint(routes.push.unsubscribe, {
  request: Schema.Struct({
    id: Schema.optional(EntityId),
    endpoint: Schema.optional(PushEndpoint),
  }),
  response: Schema.Struct({ code: Schema.Literal(0) }),
});

/** Sends a test notification to the user's browsers (or one); answers how many took it. */
export const test = endpoint(routes.push.test, {
  request: Schema.Struct({ id: Schema.optional(EntityId) }),
  response: Envelope(Schema.Struct({ sent: Schema.Number })),
});
