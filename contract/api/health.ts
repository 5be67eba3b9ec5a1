import { HealthResponse } from "../session.ts";
import { endpoint, NoRequest } from "./endpoint.ts";

/** Liveness plus a database round-trip; no session needed. */
export const get = endpoint({
  method: "GET",
  path: "/health",
  request: NoRequest,
  response: HealthResponse,
});
