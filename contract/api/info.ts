import type { AnswerFormat, Endpoint, HttpMethod } from "./endpoint.ts";
import type { Endpoints } from "./index.ts";

/**
 * The API table's light half: each endpoint's method, path and answer format, with no Effect.
 * The schema half (`<domain>.ts`, `endpoints` in index.ts) declares each endpoint from its
 * route here, so a path is written once, in this file. What runs before the first paint (the
 * session, the first pull) calls `endpointInfo.<domain>.<call>`: api.call() sends the request
 * and loads the Schemas alongside it, then decodes the answer with them (src/api/client.ts).
 */

/** One endpoint as the light half knows it. */
export interface Route {
  readonly method: HttpMethod;
  readonly path: string;
  readonly format?: AnswerFormat;
}

const table = {
  actions: {
    get: { method: "GET", path: "/actions" },
    put: { method: "PUT", path: "/actions" },
    apply: { method: "POST", path: "/actions/apply" },
  },
  ai: {
    summary: { method: "GET", path: "/ai/summary" },
    summaryStream: { method: "GET", path: "/ai/summary/stream", format: "ndjson" },
    translation: { method: "GET", path: "/ai/translation" },
    config: { method: "GET", path: "/ai/config" },
    provider: { method: "GET", path: "/ai/provider" },
    setProvider: { method: "PUT", path: "/ai/provider" },
    removeProvider: { method: "DELETE", path: "/ai/provider" },
  },
  auth: {
    getSession: { method: "GET", path: "/better-auth/get-session" },
    signIn: { method: "POST", path: "/better-auth/sign-in/email" },
    signUp: { method: "POST", path: "/better-auth/sign-up/email" },
    signOut: { method: "POST", path: "/better-auth/sign-out" },
  },
  categories: {
    list: { method: "GET", path: "/categories" },
    rename: { method: "PATCH", path: "/categories" },
    remove: { method: "DELETE", path: "/categories" },
  },
  collections: {
    check: { method: "GET", path: "/collections" },
    add: { method: "POST", path: "/collections" },
    remove: { method: "DELETE", path: "/collections" },
  },
  entries: {
    list: { method: "POST", path: "/entries" },
    get: { method: "GET", path: "/entries" },
    stream: { method: "POST", path: "/entries/stream", format: "ndjson" },
    readability: { method: "GET", path: "/entries/readability" },
    readHistories: { method: "GET", path: "/entries/read-histories/:id" },
    checkNew: { method: "GET", path: "/entries/check-new" },
  },
  feeds: {
    get: { method: "GET", path: "/feeds" },
    refresh: { method: "GET", path: "/feeds/refresh" },
  },
  health: {
    get: { method: "GET", path: "/health" },
  },
  push: {
    key: { method: "GET", path: "/push/key" },
    list: { method: "GET", path: "/push/subscriptions" },
    subscribe: { method: "POST", path: "/push/subscriptions" },
    unsubscribe: { method: "DELETE", path: "/push/subscriptions" },
    test: { method: "POST", path: "/push/test" },
  },
  profiles: {
    batch: { method: "POST", path: "/profiles/batch" },
  },
  reads: {
    unread: { method: "GET", path: "/reads" },
    markRead: { method: "POST", path: "/reads" },
    markUnread: { method: "DELETE", path: "/reads" },
    markAllRead: { method: "POST", path: "/reads/all" },
  },
  settings: {
    get: { method: "GET", path: "/settings" },
    patch: { method: "PATCH", path: "/settings/:tab" },
  },
  subscriptions: {
    list: { method: "GET", path: "/subscriptions" },
    subscribe: { method: "POST", path: "/subscriptions" },
    update: { method: "PATCH", path: "/subscriptions" },
    unsubscribe: { method: "DELETE", path: "/subscriptions" },
    batchUpdate: { method: "PATCH", path: "/subscriptions/batch" },
  },
} as const satisfies Record<string, Record<string, Route>>;

type Table = typeof table;
type Named<T extends Record<string, Record<string, Route>>> = {
  readonly [D in keyof T]: {
    readonly [C in keyof T[D]]: T[D][C] & { readonly name: `${D & string}.${C & string}` };
  };
};

/** The routes, each with its name (`domain.call`): what the schema half declares from. */
export const routes = Object.fromEntries(
  Object.entries(table).map(([domain, calls]) => [
    domain,
    Object.fromEntries(
      Object.entries(calls).map(([call, route]) => [call, { ...route, name: `${domain}.${call}` }]),
    ),
  ]),
) as Named<Table>;

/** An endpoint without its Schemas; its type still says what the call takes and answers. */
export interface EndpointInfo<E extends Endpoint = Endpoint> {
  readonly name: string;
  readonly method: E["method"];
  readonly path: E["path"];
  readonly format?: AnswerFormat;
  /** Type only: the endpoint with its Schemas, in the schema half. */
  readonly schemas?: E;
}

type InfoTable = {
  readonly [D in keyof Endpoints]: {
    readonly [C in keyof Endpoints[D] as Endpoints[D][C] extends Endpoint
      ? C
      : never]: EndpointInfo<Extract<Endpoints[D][C], Endpoint>>;
  };
};

/** `endpointInfo.<domain>.<call>`: what api.call() takes where Effect has not loaded yet. */
export const endpointInfo = routes as unknown as InfoTable;

/** Whether `target` is a light endpoint (no Schemas). */
export function isEndpointInfo(target: EndpointInfo | Endpoint): target is EndpointInfo {
  return !("response" in target);
}
