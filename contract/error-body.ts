import { Schema } from "effect";
import type { ErrorBody } from "./errors.ts";

/**
 * The error body as a Schema, for decoding answers. Kept apart from the catalogue so that the
 * client bundle, which only needs codes and messages, does not pull in Schema.
 */
export const ErrorBodySchema: Schema.Codec<ErrorBody> = Schema.Struct({
  code: Schema.Number,
  message: Schema.String,
  reason: Schema.optional(Schema.NullOr(Schema.String)),
});
