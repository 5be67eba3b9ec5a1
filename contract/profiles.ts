import { Schema } from "effect";

/** POST profiles/batch: public profiles of up to 100 users, keyed by id. */
export const ProfilesBatchRequest = Schema.Struct({
  ids: Schema.Array(Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(64))).check(
    Schema.isMaxLength(100),
  ),
});
export type ProfilesBatchRequest = typeof ProfilesBatchRequest.Type;

export const PublicProfile = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  handle: Schema.NullOr(Schema.String),
  image: Schema.NullOr(Schema.String),
});
export type PublicProfile = typeof PublicProfile.Type;

export const ProfilesBatchResponse = Schema.Struct({
  code: Schema.Literal(0),
  data: Schema.Record(Schema.String, PublicProfile),
});
export type ProfilesBatchResponse = typeof ProfilesBatchResponse.Type;
