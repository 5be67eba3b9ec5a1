import type { Endpoint, RequestOf } from "../../contract/api/endpoint.ts";
import type { CallArgs } from "../api/call.ts";
import type { ApiFetch } from "../api/client.ts";
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
  const call = <E extends Endpoint>(endpoint: E, input: RequestOf<E>) => {
    const settings = {
      headers: { [IDEMPOTENCY_HEADER]: nextKey() },
      retry: 0,
      silent: true,
      timeout: options.timeoutMs,
    };
    return api.call(endpoint, ...([input, settings] as unknown as CallArgs<E>));
  };
  return { call };
}

/** A command's calls: endpoints of the table (contract/api), typed and decoded. */
export type CommandApi = SyncApi;
