import type { ClientObservability } from "../../../contract/observability/client-settings.ts";

type Settings = NonNullable<ClientObservability["errors"]>;
type Reporter = typeof import("./sentry.ts");

/**
 * The client's error reports. The SDK (and its session replay) is loaded only once a reporter
 * is configured and started, never with the first paint; errors reported before it loads wait
 * for it, and are dropped if it never starts.
 */
let loading: Promise<Reporter> | undefined;
const waiting: { error: unknown; traceId: string }[] = [];

export function startErrorReports(settings: Settings, sessionTraceId: string): Promise<void> {
  loading ??= import("./sentry.ts");
  return loading.then((reporter) => {
    reporter.initSentry(settings, sessionTraceId);
    for (const { error, traceId } of waiting.splice(0)) reporter.captureWithTrace(error, traceId);
  });
}

/** Reports an error caught by the app (the route error page) under the trace id it shows. */
export function reportError(error: unknown, traceId: string): void {
  if (!loading) {
    if (waiting.length < 10) waiting.push({ error, traceId });
    return;
  }
  void loading.then((reporter) => reporter.captureWithTrace(error, traceId));
}
