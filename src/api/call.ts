import { Schema } from "effect";
import type {
  Endpoint,
  ParamsOf,
  RequestOf,
  ResponseOf,
  WireSchema,
} from "../../contract/api/endpoint.ts";
import { ERROR_MESSAGES, type ErrorCode } from "../../contract/errors.ts";
import { FetchError } from "./fetch-error.ts";
import type { ReactOptions } from "./reactions.ts";

/**
 * The typed half of the API client: a call names an endpoint of the table (contract/api), the
 * request is encoded with its request Schema and the answer decoded with its response Schema.
 * An answer that does not match is a coded error like any refusal, never a crash further on.
 */

/** Per call: no toast (`silent`), retries, timeout, abort, extra headers (Idempotency-Key). */
export interface CallOptions extends ReactOptions {
  retry?: number | false;
  timeout?: number;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

type ParamsOption<E extends Endpoint> = E["params"] extends WireSchema
  ? { params: ParamsOf<E> }
  : { params?: undefined };

/** The input may be left out when the request has no required field; path parameters may not. */
export type CallArgs<E extends Endpoint> = E["params"] extends WireSchema
  ? [input: RequestOf<E>, options: CallOptions & ParamsOption<E>]
  : // biome-ignore lint/complexity/noBannedTypes: "a request with no required field".
    {} extends RequestOf<E>
    ? [input?: RequestOf<E>, options?: CallOptions & ParamsOption<E>]
    : [input: RequestOf<E>, options?: CallOptions & ParamsOption<E>];

export type ApiCall = <E extends Endpoint>(
  endpoint: E,
  ...args: CallArgs<E>
) => Promise<ResponseOf<E>>;

/** A refused call's code when the client cannot make a valid request of the input. */
export const INVALID_REQUEST_CODE: ErrorCode = 1002;
/** The code of an answer that does not match the endpoint's response Schema. */
export const ANSWER_MISMATCH_CODE: ErrorCode = 1005;

/** What goes on the wire: the path with its parameters, and the query or the JSON body. */
export interface WireRequest {
  method: Endpoint["method"];
  path: string;
  query?: Record<string, unknown>;
  body?: unknown;
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

/** `{code: 0, ...}` is success; a 2xx answer with another code is a refusal all the same. */
function refusalIn(answer: unknown): number | undefined {
  const code = (answer as { code?: unknown } | null)?.code;
  return typeof code === "number" && code !== 0 ? code : undefined;
}

function ndjsonLines(answer: unknown): unknown[] {
  if (typeof answer !== "string") throw new Error("expected NDJSON text");
  return answer
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as unknown);
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

function definedOnly(value: unknown): Record<string, unknown> {
  const entries = Object.entries((value ?? {}) as Record<string, unknown>);
  return Object.fromEntries(entries.filter(([, item]) => item !== undefined));
}

function coded(code: ErrorCode, reason: string) {
  return { code, message: ERROR_MESSAGES[code], reason: reason.slice(0, 500) };
}

function message(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}
