import type { Endpoint, RequestOf, ResponseOf } from "../../contract/api/endpoint.ts";
import type { CallArgs } from "../api/call.ts";
import type { ApiFetch } from "../api/client.ts";
import { FetchError } from "../api/fetch-error.ts";
import type { SyncApi } from "../commands/types.ts";

export const IDEMPOTENCY_HEADER = "Idempotency-Key";

export interface SyncApiOptions {
  /** Per request; a write that times out is retried under the same key. */
  timeoutMs: number;
}

/**
 * The API as one command's sync sees it: every write carries the command id as its
 * Idempotency-Key (a second call of the same command gets `id:1`, then `id:2`...), is never
 * retried by the HTTP client (the engine retries) and never toasts (the engine reports).
 */
export function commandApi(api: ApiFetch, commandId: string, options: SyncApiOptions): CommandApi {
  let calls = 0;
  const nextKey = () => {
    const key = calls === 0 ? commandId : `${commandId}:${calls}`;
    calls += 1;
    return key;
  };
  const send = async <T>(method: string, path: string, body: unknown): Promise<T> => {
    const key = nextKey();
    const answer = await api<T>(path, {
      method,
      body: body as Record<string, unknown>,
      headers: { [IDEMPOTENCY_HEADER]: key },
      retry: 0,
      silent: true,
      timeout: options.timeoutMs,
    });
    assertOk(answer, method, path);
    return answer;
  };
  const call = <E extends Endpoint>(endpoint: E, input: RequestOf<E>) => {
    const settings = {
      headers: { [IDEMPOTENCY_HEADER]: nextKey() },
      retry: 0,
      silent: true,
      timeout: options.timeoutMs,
    };
    return api.call(endpoint, ...([input, settings] as unknown as CallArgs<E>));
  };
  return {
    call,
    post: (path, body) => send("POST", path, body),
    patch: (path, body) => send("PATCH", path, body),
    delete: (path, body) => send("DELETE", path, body),
  };
}

/**
 * A command's calls: `call` sends an endpoint of the table (contract/api), typed and decoded;
 * `post`/`patch`/`delete` by path are what commands used before the table.
 */
export interface CommandApi extends SyncApi {
  call<E extends Endpoint>(endpoint: E, input: RequestOf<E>): Promise<ResponseOf<E>>;
}

/** `{code: 0, ...}` is success; a 2xx answer with another code is a refusal all the same. */
export function assertOk(answer: unknown, method: string, url: string) {
  const code = (answer as { code?: unknown } | null)?.code;
  if (typeof code === "number" && code !== 0) {
    throw new FetchError({ method, url, status: 400, data: answer });
  }
}
