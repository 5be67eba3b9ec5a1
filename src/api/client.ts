import {
  type $Fetch,
  createFetch,
  type FetchOptions,
  type FetchRequest,
  type FetchResponse,
  type MappedResponseType,
  FetchError as OfetchError,
  type ResponseType,
} from "ofetch";
import { isEndpointInfo } from "../../contract/api/info.ts";
import {
  APP_NAME,
  APP_VERSION,
  HTTP_RETRY_STATUSES,
  type Platform,
  REQUEST_HEADERS,
} from "../../contract/constants.ts";
import {
  type ApiCall,
  type CallOptions,
  loadCodec,
  loadedCodec,
  ndjsonLines,
  plainWire,
  refusalIn,
  type WireRequest,
} from "./call.ts";
import { FetchError } from "./fetch-error.ts";
import { clientId, sessionId } from "./identity.ts";
import { type ApiReactions, type ReactOptions, reactToError } from "./reactions.ts";

export interface ApiClientOptions {
  baseURL: string;
  platform: Platform;
  /** Development build: sends the dev flag header. */
  dev: boolean;
  reactions: ApiReactions;
  /** The transport; defaults to the global fetch (looked up per call). */
  fetch?: typeof globalThis.fetch;
  clientId?: () => string;
  sessionId?: () => string;
  /** Pause before the retry of a GET/HEAD, in ms (default 300). */
  retryDelayMs?: number;
  /**
   * The Schemas (Effect) load once this settles, the first paint in the app: light calls made
   * before then send at once and decode when they arrive (or later, with `checkLater`).
   * Calls with the schema half load them at once. Default: on the first call.
   */
  loadSchemasAfter?: Promise<unknown>;
}

/**
 * ofetch's options plus ours. `retry` overrides the retry count for one call (GET/HEAD retry once
 * by default, writes never); `silent: true` skips the error toast so the caller can show the
 * error inline (sign-out on 401 and the invitation redirect still happen).
 */
export type ApiFetchOptions<R extends ResponseType = "json"> = FetchOptions<R> & ReactOptions;

/** An ofetch `$Fetch` bound to the API base URL whose failures reject with our FetchError. */
export interface ApiFetch {
  <T = unknown, R extends ResponseType = "json">(
    request: FetchRequest,
    options?: ApiFetchOptions<R>,
  ): Promise<MappedResponseType<R, T>>;
  raw<T = unknown, R extends ResponseType = "json">(
    request: FetchRequest,
    options?: ApiFetchOptions<R>,
  ): Promise<FetchResponse<MappedResponseType<R, T>>>;
  native: $Fetch["native"];
  /** The typed call of an endpoint of the table (contract/api): encoded, sent, decoded. */
  call: ApiCall;
}

export interface ApiClient {
  fetch: ApiFetch;
  /** The headers every call carries: app, version, platform, client and session ids. */
  headers: Readonly<Record<string, string>>;
  /** Aborts every request sent and not yet answered (signing out: none may land after it). */
  abortInFlight(): void;
}

const DEFAULT_RETRY_DELAY_MS = 300;

export function createApiClient(options: ApiClientOptions): ApiClient {
  const { reactions } = options;
  const headers = requestHeaders(options);
  const send: typeof globalThis.fetch =
    options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  // Each request until its answer's headers arrive, with its own abort beside the caller's.
  const inFlight = new Set<AbortController>();
  const transport: typeof globalThis.fetch = async (input, init) => {
    const controller = new AbortController();
    inFlight.add(controller);
    const signal = init?.signal
      ? AbortSignal.any([init.signal, controller.signal])
      : controller.signal;
    try {
      return await send(input, { ...init, signal });
    } finally {
      inFlight.delete(controller);
    }
  };
  const ofetch = createFetch({
    fetch: transport,
    Headers: globalThis.Headers,
    AbortController: globalThis.AbortController,
    defaults: {
      baseURL: options.baseURL,
      credentials: "include",
      headers,
      retryStatusCodes: [...HTTP_RETRY_STATUSES],
      retryDelay: options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS,
    },
  });

  // Reactions run once per call, after ofetch's retries, never once per attempt.
  async function settle<T>(call: Promise<T>, options: ReactOptions | undefined): Promise<T> {
    const silent = options?.silent;
    try {
      const result = await call;
      reactions.onNetworkResult?.(true);
      return result;
    } catch (cause) {
      const error = cause instanceof OfetchError ? fromOfetch(cause) : cause;
      if (error instanceof FetchError && !error.aborted && options?.network !== false) {
        reactions.onNetworkResult?.(error.status !== null);
      }
      reactToError(error, reactions, { silent });
      throw error;
    }
  }

  const api = (<T, R extends ResponseType>(request: FetchRequest, opts?: ApiFetchOptions<R>) =>
    settle(ofetch<T, R>(request, opts), opts)) as ApiFetch;
  api.raw = (request, opts) => settle(ofetch.raw(request, opts), opts);
  api.native = ofetch.native;
  const schemasWanted = options.loadSchemasAfter ?? Promise.resolve();
  // The Schemas, after the first paint for a light call; at once for the schema half (whose
  // caller has loaded them already).
  const codecFor = (target: Parameters<ApiCall>[0]) =>
    isEndpointInfo(target) ? schemasWanted.then(loadCodec) : loadCodec();

  api.call = (async (target, ...args) => {
    const [input, options = {}] = args as [unknown, (CallOptions & { params?: unknown })?];
    // A light call (endpointInfo) made before the Schemas are here sends its input as given;
    // its answer is decoded once they arrive.
    let wire: WireRequest;
    try {
      const ready = loadedCodec() ?? (isEndpointInfo(target) ? undefined : await loadCodec());
      wire = ready
        ? ready.encodeCall(ready.withSchemas(target), input, options.params)
        : plainWire(target, input, options.params);
    } catch (error) {
      reactToError(error, reactions, { silent: options.silent });
      throw error;
    }
    const send = async () => {
      const response = await ofetch.raw(wire.path, {
        method: wire.method,
        ...(wire.query ? { query: wire.query } : {}),
        ...(wire.body !== undefined ? { body: wire.body as Record<string, unknown> } : {}),
        ...(target.format === "ndjson" ? { responseType: "text" as const } : {}),
        ...(options.retry !== undefined ? { retry: options.retry } : {}),
        ...(options.timeout !== undefined ? { timeout: options.timeout } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.headers ? { headers: options.headers } : {}),
      });
      const where = { path: wire.path, status: response.status };
      const decode = async () => {
        const { decodeAnswer, withSchemas } = loadedCodec() ?? (await codecFor(target));
        return decodeAnswer(withSchemas(target), response._data, where);
      };
      if (!options.checkLater || loadedCodec()) {
        const decoded = await decode();
        options.checkLater?.(Promise.resolve());
        return decoded;
      }
      // Used before it is checked (the first paint's data): a refusal still rejects now.
      if (refusalIn(response._data) !== undefined) {
        throw new FetchError({
          method: target.method,
          url: wire.path,
          status: 400,
          data: response._data,
        });
      }
      const check = decode().then(
        () => undefined,
        (error: unknown) => {
          reactToError(error, reactions, { silent: options.silent });
          throw error;
        },
      );
      options.checkLater(check);
      return target.format === "ndjson" ? ndjsonLines(response._data) : response._data;
    };
    return settle(send(), { silent: options.silent });
  }) as ApiCall;
  const abortInFlight = () => {
    for (const controller of inFlight) controller.abort();
    inFlight.clear();
  };
  return { fetch: api, headers, abortInFlight };
}

export function requestHeaders(
  options: Pick<ApiClientOptions, "platform" | "dev" | "clientId" | "sessionId">,
): Record<string, string> {
  const headers: Record<string, string> = {
    [REQUEST_HEADERS.platform]: options.platform,
    [REQUEST_HEADERS.appName]: APP_NAME,
    [REQUEST_HEADERS.appVersion]: APP_VERSION,
    [REQUEST_HEADERS.clientId]: (options.clientId ?? clientId)(),
    [REQUEST_HEADERS.sessionId]: (options.sessionId ?? sessionId)(),
  };
  if (options.dev) headers[REQUEST_HEADERS.dev] = "1";
  return headers;
}

function fromOfetch(error: OfetchError): FetchError {
  const request = error.request;
  const response = error.response;
  const cause = error.cause as { name?: string } | undefined;
  const signal = error.options?.signal;
  const aborted =
    response === undefined &&
    (cause?.name === "AbortError" || (signal?.aborted === true && cause?.name !== "TimeoutError"));
  return new FetchError({
    method: error.options?.method ?? "GET",
    url: typeof request === "string" ? request : (request?.url ?? ""),
    status: response?.status ?? null,
    statusText: response?.statusText,
    data: error.data,
    aborted,
    cause: error.cause,
  });
}
