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
export function commandApi(api: ApiFetch, commandId: string, options: SyncApiOptions): SyncApi {
  let calls = 0;
  const send = async <T>(method: string, path: string, body: unknown): Promise<T> => {
    const key = calls === 0 ? commandId : `${commandId}:${calls}`;
    calls += 1;
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
  return {
    post: (path, body) => send("POST", path, body),
    patch: (path, body) => send("PATCH", path, body),
    delete: (path, body) => send("DELETE", path, body),
  };
}

/** `{code: 0, ...}` is success; a 2xx answer with another code is a refusal all the same. */
export function assertOk(answer: unknown, method: string, url: string) {
  const code = (answer as { code?: unknown } | null)?.code;
  if (typeof code === "number" && code !== 0) {
    throw new FetchError({ method, url, status: 400, data: answer });
  }
}
