import { Schema } from "effect";
import { Envelope, endpoint, NoRequest } from "./endpoint.ts";
import { routes } from "./info.ts";

/**
 * A new avatar: the body is the image itself (PNG, JPEG, GIF or WebP, told by its bytes), not
 * JSON. 14000 not an image, 14001 too large, 14002 not stored. Answers the image's address,
 * which becomes the user's image.
 */
export const avatar = endpoint(routes.uploads.avatar, {
  request: NoRequest,
  response: Envelope(Schema.Struct({ url: Schema.String })),
});

/** A stored avatar's bytes, with its image type (public, like any avatar on the web). */
export const getAvatar = endpoint(routes.uploads.getAvatar, {
  request: NoRequest,
  params: Schema.Struct({ name: Schema.String }),
  response: Schema.Unknown,
});
