import type { ClientObservability } from "../../../contract/observability/client-settings.ts";
import { readObservabilitySettings } from "./settings.ts";

type Settings = NonNullable<ClientObservability["errors"]>;
type Reporter = typeof import("./sentry.ts");

/**
 * The client's error reports. The SDK (and its session replay) is loaded only once a reporter
 * is configured and started, never with the first paint; errors reported before it loads wait
 * for it, and are dropped if it never starts.
 */
let loading: Promise<Reporter> | undefined;
let started: Promise<void> | undefined;
const waiting: { error: unknown; traceId: string }[] = [];

export function startErrorReports(settings: Settings, sessionTraceId: string): Promise<void> {
  // Once: the start-up step and an early error page may both ask.
  loading ??= import("./sentry.ts");
  started ??= loading.then((reporter) => {
    reporter.initSentry(settings, sessionTraceId);
    for (const { error, traceId } of waiting.splice(0)) reporter.captureWithTrace(error, traceId);
  });
  return started;
}

/**
 * Reports an error caught by the app (the route error page) under the trace id it shows. The
 * page may fail before the start-up steps ran: the reporter then starts here, when configured.
 */
export function reportError(error: unknown, traceId: string, sessionTraceId: string): void {
  if (!started) {
    if (waiting.length < 10) waiting.push({ error, traceId });
    const { errors } = readObservabilitySettings();
    if (errors) void startErrorReports(errors, sessionTraceId);
    return;
  }
  void started.then(() => loading?.then((reporter) => reporter.captureWithTrace(error, traceId)));
}
