import { Schema } from "effect";
import type { Endpoint, ResponseOf, WireSchema } from "../../contract/api/endpoint.ts";
import { endpoints } from "../../contract/api/index.ts";
import type { EndpointInfo } from "../../contract/api/info.ts";
import { ERROR_MESSAGES, type ErrorCode } from "../../contract/errors.ts";
import {
  ANSWER_MISMATCH_CODE,
  definedOnly,
  INVALID_REQUEST_CODE,
  ndjsonLines,
  refusalIn,
  type WireRequest,
} from "./call.ts";
import { FetchError } from "./fetch-error.ts";

/**
 * The Effect half of call(): encodes requests and decodes answers with the endpoints'
 * Schemas. Loaded on the first call (src/api/call.ts loadCodec), out of the first paint.
 */

/** The endpoint with its Schemas, from the table (a light endpoint is looked up by name). */
export function withSchemas(target: Endpoint | EndpointInfo): Endpoint {
  if ("response" in target) return target as Endpoint;
  const [domain, call] = target.name.split(".") as [string, string];
  const found = (endpoints as unknown as Record<string, Record<string, Endpoint>>)[domain]?.[call];
  if (!found) throw new Error(`${target.name} is not an endpoint of the table`);
  return found;
}

export function encodeCall(endpoint: Endpoint, input: unknown, params: unknown): WireRequest {
  const path = fillPath(endpoint, params);
  const encoded = encodeWith(endpoint, endpoint.request, input ?? {}, path);
  if (endpoint.method === "GET") {
    return { method: endpoint.method, path, query: definedOnly(encoded) };
  }
  return { method: endpoint.method, path, body: encoded };
}

/** `:name` segments replaced by the encoded, escaped parameters. */
export function fillPath(endpoint: Endpoint, params: unknown): string {
  if (!endpoint.params) return endpoint.path;
  const encoded = encodeWith(endpoint, endpoint.params, params, endpoint.path) as Record<
    string,
    unknown
  >;
  return endpoint.path.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    encodeURIComponent(String(encoded[name])),
  );
}

/** Reads the answer (JSON value, or NDJSON text) with the endpoint's response Schema. */
export function decodeAnswer<E extends Endpoint>(
  endpoint: E,
  answer: unknown,
  where: { path: string; status: number },
): ResponseOf<E> {
  const refusal = refusalIn(answer);
  if (refusal !== undefined) {
    throw new FetchError({ method: endpoint.method, url: where.path, status: 400, data: answer });
  }
  const decode = Schema.decodeUnknownSync(endpoint.response);
  try {
    if (endpoint.format === "ndjson") {
      return ndjsonLines(answer).map((line) => decode(line)) as ResponseOf<E>;
    }
    return decode(answer) as ResponseOf<E>;
  } catch (cause) {
    throw new FetchError({
      method: endpoint.method,
      url: where.path,
      status: where.status,
      data: coded(ANSWER_MISMATCH_CODE, `the answer does not match the API: ${message(cause)}`),
      cause,
    });
  }
}

function encodeWith(endpoint: Endpoint, schema: WireSchema, value: unknown, path: string) {
  try {
    return Schema.encodeUnknownSync(schema)(value);
  } catch (cause) {
    // Never sent: the server would refuse it the same way.
    throw new FetchError({
      method: endpoint.method,
      url: path,
      status: 400,
      data: coded(INVALID_REQUEST_CODE, message(cause)),
      cause,
    });
  }
}

function coded(code: ErrorCode, reason: string) {
  return { code, message: ERROR_MESSAGES[code], reason: reason.slice(0, 500) };
}

function message(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}
