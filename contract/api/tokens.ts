import { Schema } from "effect";
import { EntityId } from "../reading.ts";
import { Envelope, endpoint, Ok } from "./endpoint.ts";
import { routes } from "./info.ts";

/**
 * App passwords sign reader apps in to the Google Reader and Fever APIs; personal access tokens
 * are `Authorization: Bearer` credentials for this API. Either is read-only ("read") or
 * read-write ("write"). Neither can manage tokens, nor change the account's password, e-mail,
 * second factor or sessions: these calls take a browser session only.
 */
export const TokenKind = Schema.Literals(["app_password", "personal"]);
export const TokenScope = Schema.Literals(["read", "write"]);

export const TokenName = Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(100));

/** What is listed of a token: never its secret. */
export const TokenSummary = Schema.Struct({
  id: EntityId,
  name: Schema.String,
  kind: TokenKind,
  scope: TokenScope,
  createdAt: Schema.String,
  lastUsedAt: Schema.NullOr(Schema.String),
});
export type TokenSummary = typeof TokenSummary.Type;

/** The person's live tokens, newest first. */
export const list = endpoint(routes.tokens.list, {
  request: Schema.Struct({}),
  response: Envelope(Schema.Array(TokenSummary)),
});

/** Makes a token and answers its secret, this once: only a hash of it is kept. */
export const create = endpoint(routes.tokens.create, {
  request: Schema.Struct({ name: TokenName, kind: TokenKind, scope: TokenScope }),
  response: Envelope(Schema.Struct({ ...TokenSummary.fields, secret: Schema.String })),
});

/** Revokes one of the person's tokens at once; one they do not have is a 1002. */
export const revoke = endpoint(routes.tokens.revoke, {
  request: Schema.Struct({ id: EntityId }),
  response: Ok,
});
