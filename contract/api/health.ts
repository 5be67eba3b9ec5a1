import { HealthResponse } from "../session.ts";
import { endpoint, NoRequest } from "./endpoint.ts";
import { routes } from "./info.ts";

/** Liveness plus a database round-trip; no session needed. */
export const get = endpoint(routes.health.get, {
  request: NoRequest,
  response: HealthResponse,
});
