import { Schema } from "effect";
import type { ErrorCode } from "../errors.ts";

/**
 * One API call as both sides see it: method and path (relative to the API base), the request
 * (the query string of a GET, the JSON body otherwise), path parameters, and the answer. The
 * server's routers register their handlers against it and the client's typed call() uses it,
 * so a call is declared once: its route in info.ts, its Schemas in `<domain>.ts`.
 */
export type HttpMethod = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

/** A Schema that runs both ways without services (JSON in, JSON out). */
export type WireSchema = Schema.Codec<unknown, unknown>;

/**
 * "ndjson": the answer is one JSON value per line, each decoded with `response`. "sse": a
 * `text/event-stream` that never ends on its own; each event's `data` is decoded with `response`.
 */
export type AnswerFormat = "json" | "ndjson" | "sse";

export interface Endpoint<
  Method extends HttpMethod = HttpMethod,
  Path extends string = string,
  Request extends WireSchema = WireSchema,
  Response extends WireSchema = WireSchema,
  Params extends WireSchema | undefined = WireSchema | undefined,
  Format extends AnswerFormat = AnswerFormat,
> {
  /** `domain.call`, as in the table. */
  readonly name: string;
  readonly method: Method;
  /** `/domain/rest`, with `:name` segments for path parameters. */
  readonly path: Path;
  readonly params: Params;
  readonly request: Request;
  readonly response: Response;
  readonly format: Format;
  /** The catalogue code a malformed request is refused with (1002 unless the domain has one). */
  readonly invalid: { readonly params: ErrorCode; readonly request: ErrorCode };
}

/**
 * Declares an endpoint from its route in the light half (info.ts: name, method, path, format)
 * and its Schemas; the identity of the types is what makes call() and route() typed.
 */
export function endpoint<
  const Method extends HttpMethod,
  const Path extends string,
  Request extends WireSchema,
  Response extends WireSchema,
  Params extends WireSchema | undefined = undefined,
  const Format extends AnswerFormat = "json",
>(
  route: { name: string; method: Method; path: Path; format?: Format },
  schemas: {
    request: Request;
    response: Response;
    params?: Params;
    invalid?: { params?: ErrorCode; request?: ErrorCode };
  },
): Endpoint<Method, Path, Request, Response, Params, Format> {
  return {
    name: route.name,
    method: route.method,
    path: route.path,
    params: schemas.params as Params,
    request: schemas.request,
    response: schemas.response,
    format: (route.format ?? "json") as Format,
    invalid: {
      params: schemas.invalid?.params ?? 1002,
      request: schemas.invalid?.request ?? 1002,
    },
  };
}

/** What a caller passes (decoded form). */
export type RequestOf<E extends Endpoint> = E["request"]["Type"];
/** What the answer decodes to; an NDJSON answer is its lines, an event stream its events' data. */
export type ResponseOf<E extends Endpoint> = E["format"] extends "ndjson" | "sse"
  ? ReadonlyArray<E["response"]["Type"]>
  : E["response"]["Type"];
/**
 * What the server writes (encoded form); NDJSON lines may be streamed as they are made. An event
 * stream's handler answers the streaming Response itself (it outlives the handler).
 */
export type AnswerOf<E extends Endpoint> = E["format"] extends "ndjson"
  ? ReadonlyArray<E["response"]["Encoded"]> | AsyncIterable<E["response"]["Encoded"]>
  : E["format"] extends "sse"
    ? Response
    : E["response"]["Encoded"];
export type ParamsOf<E extends Endpoint> = E["params"] extends WireSchema
  ? E["params"]["Type"]
  : undefined;

/** A request with nothing in it. */
export const NoRequest = Schema.Struct({});

/** The answer of a write that returns nothing: `{code: 0}`. */
export const Ok = Schema.Struct({ code: Schema.Literal(0) });

/** `{code: 0, data}`: the answer of most reads. */
export function Envelope<Data extends Schema.Top>(data: Data) {
  return Schema.Struct({ code: Schema.Literal(0), data });
}
