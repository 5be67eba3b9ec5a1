import { ProfilesBatchRequest, ProfilesBatchResponse } from "../profiles.ts";
import { endpoint } from "./endpoint.ts";
import { routes } from "./info.ts";

/** Public profiles of up to 100 users, keyed by id. */
export const batch = endpoint(routes.profiles.batch, {
  request: ProfilesBatchRequest,
  response: ProfilesBatchResponse,
});
