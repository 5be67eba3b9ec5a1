import type { Endpoint, RequestOf, ResponseOf } from "../../contract/api/endpoint.ts";
import type { EndpointInfo } from "../../contract/api/info.ts";
import type { CallArgs, CallOptions } from "../api/call.ts";
import type { ApiFetch } from "../api/client.ts";

export interface OnlineWriteOptions extends Pick<CallOptions, "timeout" | "silent" | "signal"> {
  /** Path parameters of the endpoint, if it has any. */
  params?: Record<string, string>;
  /** Brings what the screen shows up to date after the write, taken or refused (a refusal
   * may still have changed something, such as an address found broken). */
  thenRead?: () => Promise<unknown> | undefined;
}

/**
 * A write only the server can make, so not a command: its answer carries what the server made
 * (an inbox's address and secret, an instance checked by fetching it), so it needs the network
 * and goes straight to the server instead of through the outbox. Rejects with the server's
 * error; `thenRead` runs either way.
 */
export async function writeOnline<E extends Endpoint>(
  api: ApiFetch,
  endpoint: E | EndpointInfo<E>,
  request: RequestOf<E>,
  options: OnlineWriteOptions = {},
): Promise<ResponseOf<E>> {
  const { thenRead, ...callOptions } = options;
  try {
    return await api.call(endpoint, ...([request, callOptions] as unknown as CallArgs<E>));
  } finally {
    await Promise.resolve(thenRead?.()).catch(() => undefined);
  }
}
