import { endpointNameOf } from "../http/endpoint-name.ts";
import { countUnexpectedError } from "../metrics/hooks.ts";
import type { ServerErrorReporter } from "./error-reporter.ts";

/** What the app does with an unexpected error besides logging it: count it, and report it if configured. */
export function unexpectedErrorHandler(reporter: ServerErrorReporter | null) {
  return (error: Error, traceId: string, request: Request) => {
    countUnexpectedError();
    reporter?.capture(error, { traceId, route: endpointNameOf(request) });
  };
}
