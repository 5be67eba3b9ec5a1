import { Schema } from "effect";
import { SessionResponse } from "../session.ts";
import { endpoint, NoRequest } from "./endpoint.ts";

/**
 * Accounts, served by better-auth under /better-auth (the server passes these through to it).
 * Requests stay loose: the server judges credentials and answers with a localized reason.
 */
export const getSession = endpoint({
  method: "GET",
  path: "/better-auth/get-session",
  request: NoRequest,
  response: SessionResponse,
});

export const signIn = endpoint({
  method: "POST",
  path: "/better-auth/sign-in/email",
  request: Schema.Struct({ email: Schema.String, password: Schema.String }),
  /** A user with two factors gets `twoFactorRedirect` instead of a session. */
  response: Schema.Struct({ twoFactorRedirect: Schema.optionalKey(Schema.Boolean) }),
});

export const signUp = endpoint({
  method: "POST",
  path: "/better-auth/sign-up/email",
  request: Schema.Struct({ email: Schema.String, password: Schema.String, name: Schema.String }),
  response: Schema.Struct({ user: Schema.Struct({ id: Schema.String }) }),
});

export const signOut = endpoint({
  method: "POST",
  path: "/better-auth/sign-out",
  request: NoRequest,
  response: Schema.Struct({ success: Schema.Boolean }),
});
