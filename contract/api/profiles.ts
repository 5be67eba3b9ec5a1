import { ProfilesBatchRequest, ProfilesBatchResponse } from "../profiles.ts";
import { endpoint } from "./endpoint.ts";

/** Public profiles of up to 100 users, keyed by id. */
export const batch = endpoint({
  method: "POST",
  path: "/profiles/batch",
  request: ProfilesBatchRequest,
  response: ProfilesBatchResponse,
});
