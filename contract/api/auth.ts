import { Schema } from "effect";
import { SessionResponse } from "../session.ts";
import { endpoint, NoRequest } from "./endpoint.ts";
import { routes } from "./info.ts";

/**
 * Accounts, served by better-auth under /better-auth (the server passes these through to it).
 * Requests stay loose: the server judges credentials and answers with a localized reason.
 */
export const getSession = endpoint(routes.auth.getSession, {
  request: NoRequest,
  response: SessionResponse,
});

export const signIn = endpoint(routes.auth.signIn, {
  request: Schema.Struct({ email: Schema.String, password: Schema.String }),
  /** A user with two factors gets `twoFactorRedirect` instead of a session. */
  response: Schema.Struct({ twoFactorRedirect: Schema.optionalKey(Schema.Boolean) }),
});

export const signUp = endpoint(routes.auth.signUp, {
  request: Schema.Struct({ email: Schema.String, password: Schema.String, name: Schema.String }),
  response: Schema.Struct({ user: Schema.Struct({ id: Schema.String }) }),
});

export const signOut = endpoint(routes.auth.signOut, {
  request: NoRequest,
  response: Schema.Struct({ success: Schema.Boolean }),
});
