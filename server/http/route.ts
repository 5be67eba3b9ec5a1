import type { Context, Env, Hono } from "hono";
import type {
  AnswerOf,
  Endpoint,
  ParamsOf,
  RequestOf,
  WireSchema,
} from "../../contract/api/endpoint.ts";
import { holdsNul, NUL_REASON } from "../../contract/nul-text.ts";
import { ApiError } from "./api-error.ts";
import { decodeOrThrow, readJsonValue } from "./body.ts";
import { nameRequest } from "./endpoint-name.ts";

/** What a handler gets: the request (query of a GET, else the body) and path parameters, decoded. */
export interface RouteInput<E extends Endpoint> {
  request: RequestOf<E>;
  params: ParamsOf<E>;
}

export type RouteHandler<E extends Endpoint, V extends Env> = (
  input: RouteInput<E>,
  c: Context<V>,
) => Promise<AnswerOf<E>> | AnswerOf<E>;

export interface RouteOptions {
  /** Bodies nesting deeper are refused before parsing (default MAX_JSON_DEPTH). */
  maxDepth?: number;
}

/**
 * Registers `handler` for an endpoint of the table (contract/api): method and path come from
 * the declaration, the request is decoded with its Schemas before the handler runs (a malformed
 * one is refused with the endpoint's code, 1002 unless declared otherwise), and the answer is
 * written as JSON, or as NDJSON lines (an event stream's handler answers its Response). `app` is the domain's router, mounted at the path's first
 * segment (`/entries/readability` registers `/readability` on the router mounted at `/entries`).
 */
export function route<E extends Endpoint, V extends Env>(
  app: Hono<V>,
  endpoint: E,
  handler: RouteHandler<E, V>,
  options: RouteOptions = {},
): void {
  app.on(endpoint.method, pathWithinMount(endpoint.path), async (c) => {
    nameRequest(c.req.raw, endpoint.name);
    refuseNulInUrl(c, endpoint);
    const params = endpoint.params
      ? decodeOrThrow(endpoint.params as WireSchema, c.req.param(), endpoint.invalid.params)
      : undefined;
    const code = endpoint.invalid.request;
    const raw =
      endpoint.method === "GET"
        ? c.req.query()
        : await readJsonValue(c, {
            code,
            ...(options.maxDepth ? { maxDepth: options.maxDepth } : {}),
          });
    const request = decodeOrThrow(endpoint.request, raw, code);
    const answer = await handler({ request, params } as RouteInput<E>, c as Context<V>);
    // An event stream's handler builds the never-ending Response itself.
    if (endpoint.format === "sse") return answer as Response;
    if (endpoint.format === "ndjson") {
      return Symbol.asyncIterator in (answer as object)
        ? ndjsonStream(answer as AsyncIterable<unknown>)
        : ndjson(answer as readonly unknown[]);
    }
    return c.json(answer as object);
  });
}

/** U+0000 in a path parameter or the query is refused, whoever answers (see nul-text.ts). */
function refuseNulInUrl(c: Context, endpoint: Endpoint): void {
  if (holdsNul(c.req.param())) throw new ApiError(endpoint.invalid.params, NUL_REASON);
  if (holdsNul(c.req.queries())) throw new ApiError(endpoint.invalid.request, NUL_REASON);
}

/** Registers a path of the table on a router that answers it itself (better-auth's). */
export function passThrough<V extends Env>(
  app: Hono<V>,
  endpoint: Endpoint,
  handler: (c: Context<V>) => Promise<Response>,
): void {
  app.on(endpoint.method, pathWithinMount(endpoint.path), (c) => {
    nameRequest(c.req.raw, endpoint.name);
    refuseNulInUrl(c, endpoint);
    return handler(c as Context<V>);
  });
}

/** The router a path belongs to is mounted at its first segment. */
export function mountOf(path: string): string {
  return `/${path.split("/")[1] ?? ""}`;
}

export function pathWithinMount(path: string): string {
  return path.slice(mountOf(path).length) || "/";
}

function ndjson(lines: readonly unknown[]): Response {
  const text = lines.map((line) => JSON.stringify(line)).join("\n");
  return new Response(lines.length ? `${text}\n` : "", {
    headers: { "content-type": "application/x-ndjson; charset=utf-8" },
  });
}

/** Lines written as they are made (a summary being generated), flushed one by one. */
function ndjsonStream(lines: AsyncIterable<unknown>): Response {
  const encoder = new TextEncoder();
  const iterator = lines[Symbol.asyncIterator]();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(`${JSON.stringify(next.value)}\n`));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  return new Response(body, {
    headers: { "content-type": "application/x-ndjson; charset=utf-8", "cache-control": "no-store" },
  });
}
