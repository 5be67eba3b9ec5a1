import type { FeedRoute, FeedRouteNamespace, RouteParameter } from "../../contract/api/discover.ts";
import { CodedError } from "../coded-error.ts";
import type { Fetcher } from "../ingest/guarded-fetch.ts";

/** The feed-route generator's listings are kept this long (an hour). */
export const CATALOGUE_TTL_MS = 60 * 60_000;
/** A failed read is not retried at every page view. */
const FAILURE_TTL_MS = 60_000;
/** RSSHub's whole listing is a few MB; anything far bigger is not a listing. */
const MAX_CATALOGUE_BYTES = 32 * 1024 * 1024;
const MAX_TEXT = 4_000;

export type Catalogue = Record<string, FeedRouteNamespace>;

export interface CatalogueStatus {
  /** When the listing was last read, how long that took, and what went wrong if it failed. */
  checkedAt: string;
  latencyMs: number;
  error: string | null;
}

export interface RouteCatalogue {
  /** The instance's base URL shown to users (no credentials), or null when none is set. */
  readonly instance: string | null;
  /** The last read of the listing (null before the first). */
  status(): CatalogueStatus | null;
  /** What the instance's feed URLs start with (null when none is set). */
  readonly feedUrlPrefix: string | null;
  /** The namespaces, read from the instance at most once an hour; 13007 when it cannot be read. */
  load(): Promise<Catalogue>;
}

/**
 * The route catalogue of the operator's feed-route (RSSHub) instance: its own route listing
 * (`GET /api/namespace`: namespaces keyed by id, each with `routes` keyed by path), read
 * through the guarded fetcher, checked field by field (it is outside content), kept 1 hour.
 */
export function createRouteCatalogue(
  baseUrl: string | undefined,
  fetcher: Fetcher,
  now: () => number = Date.now,
  /** The instance's access key, sent with the listing request only (RSSHub's `?key=`). */
  accessKey: string | null = null,
): RouteCatalogue {
  let cached: { at: number; ttl: number; value: Promise<Catalogue> } | null = null;
  let status: CatalogueStatus | null = null;
  return {
    instance: baseUrl ? shownUrl(baseUrl) : null,
    feedUrlPrefix: baseUrl ? baseUrl.replace(/\/+$/, "") : null,
    status: () => status,
    load() {
      if (!baseUrl) return Promise.resolve({});
      if (cached && now() - cached.at < cached.ttl) return cached.value;
      const started = performance.now();
      const entry = { at: now(), ttl: CATALOGUE_TTL_MS, value: read(baseUrl, fetcher, accessKey) };
      const settle = (error: string | null) => {
        status = {
          checkedAt: new Date(entry.at).toISOString(),
          latencyMs: Math.round(performance.now() - started),
          error,
        };
      };
      entry.value.then(
        () => settle(null),
        (error: unknown) => {
          entry.ttl = FAILURE_TTL_MS;
          settle(error instanceof CodedError ? (error.reason ?? error.message) : String(error));
        },
      );
      cached = entry;
      return entry.value;
    },
  };
}

async function read(
  baseUrl: string,
  fetcher: Fetcher,
  accessKey: string | null,
): Promise<Catalogue> {
  const key = accessKey ? `?key=${encodeURIComponent(accessKey)}` : "";
  const url = `${baseUrl.replace(/\/+$/, "")}/api/namespace${key}`;
  let body: unknown;
  try {
    const response = await fetcher.fetch(url, { accept: "application/json" });
    if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
    if (response.body.length > MAX_CATALOGUE_BYTES) throw new Error("listing too large");
    body = JSON.parse(response.body.toString("utf8"));
  } catch (error) {
    throw new CodedError(
      13007,
      `The feed-route instance's route listing could not be read: ${hideKey((error as Error).message, accessKey)}`,
    );
  }
  return parseCatalogue(body);
}

/** Keeps what has the documented shape and drops the rest: a stray field never breaks a page. */
export function parseCatalogue(body: unknown): Catalogue {
  const catalogue: Catalogue = {};
  if (!isObject(body)) return catalogue;
  for (const [id, raw] of Object.entries(body)) {
    if (!isObject(raw) || !isObject(raw.routes) || !/^[\w.-]{1,100}$/.test(id)) continue;
    const routes: Record<string, FeedRoute> = {};
    for (const [key, route] of Object.entries(raw.routes)) {
      const parsed = parseRoute(key, route);
      if (parsed) routes[parsed.path] = parsed;
    }
    catalogue[id] = {
      name: text(raw.name) || id,
      url: text(raw.url),
      lang: text(raw.lang) || "en",
      description: text(raw.description),
      routes,
    };
  }
  return catalogue;
}

function parseRoute(key: string, raw: unknown): FeedRoute | null {
  if (!isObject(raw)) return null;
  // A route may declare several paths; the listing keys it by one of them.
  const path = typeof raw.path === "string" ? raw.path : key;
  if (!path.startsWith("/") || path.length > 500) return null;
  const parameters: Record<string, RouteParameter> = {};
  if (isObject(raw.parameters)) {
    for (const [name, value] of Object.entries(raw.parameters)) {
      const parameter = parseParameter(value);
      if (parameter && /^\w{1,50}$/.test(name)) parameters[name] = parameter;
    }
  }
  const view = typeof raw.view === "number" && Number.isInteger(raw.view) ? raw.view : undefined;
  return {
    path,
    name: text(raw.name) || path,
    example: text(raw.example),
    description: text(raw.description),
    categories: strings(raw.categories),
    parameters,
    maintainers: strings(raw.maintainers),
    location: text(raw.location),
    ...(view !== undefined && view >= 0 && view <= 5 ? { view } : {}),
  };
}

/** A parameter is described by a string, or by `{description, default?, options?}`. */
function parseParameter(value: unknown): RouteParameter | null {
  if (typeof value === "string") return { description: value.slice(0, MAX_TEXT) };
  if (!isObject(value)) return null;
  const options = Array.isArray(value.options)
    ? value.options.flatMap((o) =>
        isObject(o) && (typeof o.value === "string" || typeof o.value === "number")
          ? [{ value: String(o.value), label: text(o.label) || String(o.value) }]
          : [],
      )
    : [];
  return {
    description: text(value.description),
    ...(typeof value.default === "string" ? { default: value.default } : {}),
    ...(options.length > 0 ? { options: options.slice(0, 500) } : {}),
  };
}

/** Routes whose categories include `category` (or any of `categories`), in namespaces of `lang`. */
export function filterCatalogue(
  catalogue: Catalogue,
  filter: { category?: string; categories?: string; namespace?: string; lang?: string },
): Catalogue {
  const wanted = [
    ...(filter.category ? [filter.category] : []),
    ...(filter.categories ?? "").split(",").map((c) => c.trim()),
  ].filter(Boolean);
  const result: Catalogue = {};
  for (const [id, namespace] of Object.entries(catalogue)) {
    if (filter.namespace && id !== filter.namespace) continue;
    if (filter.lang && namespace.lang !== filter.lang) continue;
    const routes = Object.fromEntries(
      Object.entries(namespace.routes).filter(
        ([, route]) => wanted.length === 0 || route.categories.some((c) => wanted.includes(c)),
      ),
    );
    if (Object.keys(routes).length > 0) result[id] = { ...namespace, routes };
  }
  return result;
}

/** A failure's message may quote the URL: the key never leaves in it. */
function hideKey(message: string, accessKey: string | null): string {
  if (!accessKey) return message;
  return message.split(accessKey).join("***").split(encodeURIComponent(accessKey)).join("***");
}

function shownUrl(baseUrl: string): string {
  const url = new URL(baseUrl);
  return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, "")}`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function text(value: unknown): string {
  return typeof value === "string" ? value.slice(0, MAX_TEXT) : "";
}

function strings(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((v): v is string => typeof v === "string").map((v) => v.slice(0, 100))
    : [];
}
