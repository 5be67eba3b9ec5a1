import type { ApiCall } from "../api/call.ts";

/** The typed call with `signal` on every request: aborting it stops what is in flight. */
export function abortableCall(call: ApiCall, signal: AbortSignal): ApiCall {
  return (endpoint, ...args) => {
    const [input, options] = args;
    return call(endpoint, ...([input, { ...options, signal }] as typeof args));
  };
}
