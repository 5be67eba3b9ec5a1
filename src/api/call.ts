import type {
  Endpoint,
  ParamsOf,
  RequestOf,
  ResponseOf,
  WireSchema,
} from "../../contract/api/endpoint.ts";
import type { EndpointInfo } from "../../contract/api/info.ts";
import type { ErrorCode } from "../../contract/errors.ts";
import type { ReactOptions } from "./reactions.ts";

/**
 * The typed half of the API client: a call names an endpoint of the table (contract/api), the
 * request is encoded with its request Schema and the answer decoded with its response Schema.
 * An answer that does not match is a coded error like any refusal, never a crash further on.
 * This file loads no Effect: the Schemas and the code that runs them (codec.ts) load with the
 * first call, alongside its request (see loadCodec).
 */

/** Per call: no toast (`silent`), retries, timeout, abort, extra headers (Idempotency-Key). */
export interface CallOptions extends ReactOptions {
  retry?: number | false;
  timeout?: number;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * Only for what the first paint shows (the session, the first pull): while the Schemas wait
   * for that paint (createApiClient's `loadSchemasAfter`), resolve with the answer as it came
   * (a refusal still rejects) and hand `check`, which settles once the answer was decoded:
   * it rejects with the 1005 error if it does not match. Without it a call waits to decode.
   */
  checkLater?: (check: Promise<void>) => void;
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

/**
 * Calls an endpoint: the schema half (`endpoints.x.y`), or the light half (`endpointInfo.x.y`)
 * where Effect has not loaded yet; either way the answer is decoded before the call resolves.
 */
export type ApiCall = <E extends Endpoint>(
  endpoint: E | EndpointInfo<E>,
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

type Codec = typeof import("./codec.ts");
let codecLoad: Promise<Codec> | undefined;
let codecLoaded: Codec | undefined;

/** The Schemas and their encoder/decoder (Effect): imported once, on first use. */
export function loadCodec(): Promise<Codec> {
  if (!codecLoad) {
    codecLoad = import("./codec.ts").then(
      (codec) => {
        codecLoaded = codec;
        return codec;
      },
      (error: unknown) => {
        codecLoad = undefined; // A later call tries again (a chunk lost to a flaky network).
        throw error;
      },
    );
    // The call that started it awaits it only after its request: no unhandled rejection.
    codecLoad.catch(() => undefined);
  }
  return codecLoad;
}

/** The codec if it has loaded already, so a call can encode before it sends. */
export function loadedCodec(): Codec | undefined {
  return codecLoaded;
}

/**
 * The request of a light call sent before the Schemas arrive: the input as given (the query
 * of a GET, else the body), path parameters escaped. The server decodes it with the same
 * Schemas and refuses it with the code the client would have (1002 unless declared).
 */
export function plainWire(info: EndpointInfo, input: unknown, params: unknown): WireRequest {
  const values = (params ?? {}) as Record<string, unknown>;
  const path = info.path.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    encodeURIComponent(String(values[name])),
  );
  if (info.method === "GET") return { method: info.method, path, query: definedOnly(input) };
  return { method: info.method, path, body: input ?? {} };
}

/** `{code: 0, ...}` is success; a 2xx answer with another code is a refusal all the same. */
export function refusalIn(answer: unknown): number | undefined {
  const code = (answer as { code?: unknown } | null)?.code;
  return typeof code === "number" && code !== 0 ? code : undefined;
}

/** The lines of an NDJSON answer, parsed (each is decoded with the endpoint's Schema). */
export function ndjsonLines(answer: unknown): unknown[] {
  if (typeof answer !== "string") throw new Error("expected NDJSON text");
  return answer
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as unknown);
}

export function definedOnly(value: unknown): Record<string, unknown> {
  const entries = Object.entries((value ?? {}) as Record<string, unknown>);
  return Object.fromEntries(entries.filter(([, item]) => item !== undefined));
}
