import { answerMetrics } from "./endpoint.ts";
import { endpointMatcher } from "./endpoint-names.ts";
import { observeHttp } from "./hooks.ts";

type FetchHandler = (request: Request, env: unknown) => Response | Promise<Response>;

/**
 * The app's fetch with every answer counted and timed (to its headers: a stream's body is not
 * waited for), and GET /metrics answered first when a token protects it.
 */
export function observedFetch(
  fetch: FetchHandler,
  options: { token: string | undefined; apiBasePath: string },
): FetchHandler {
  const { token } = options;
  const tableName = endpointMatcher(options.apiBasePath);
  return async (request, env) => {
    const started = performance.now();
    const response = (await answerMetrics(request, token)) ?? (await fetch(request, env));
    observeHttp(request, response, started, tableName);
    return response;
  };
}
