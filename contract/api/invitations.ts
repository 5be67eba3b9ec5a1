import { Schema } from "effect";
import { Envelope, endpoint, NoRequest, Ok } from "./endpoint.ts";
import { routes } from "./info.ts";

/** An invitation code as its creator sees it: code, created, used by (a user id). */
export const Invitation = Schema.Struct({
  code: Schema.String,
  createdAt: Schema.String,
  usedBy: Schema.NullOr(Schema.String),
  usedAt: Schema.NullOr(Schema.String),
});
export type Invitation = typeof Invitation.Type;

/** The codes this user created, newest first. */
export const list = endpoint(routes.invitations.list, {
  request: NoRequest,
  response: Envelope(Schema.Array(Invitation)),
});

/** How many more codes this user may create now. */
export const limitation = endpoint(routes.invitations.limitation, {
  request: NoRequest,
  response: Envelope(Schema.Number),
});

/** A new code (5000 when over the limit or too early; 1103 for a trial user). */
export const create = endpoint(routes.invitations.create, {
  request: NoRequest,
  response: Envelope(Invitation),
});

/** Activates a trial account with a code (5002 used, 5003 unknown). Code 0 is success. */
export const use = endpoint(routes.invitations.use, {
  request: Schema.Struct({
    code: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(64)),
  }),
  response: Ok,
});
