import * as Sentry from "@sentry/react";
import type { ClientObservability } from "../../../contract/observability/client-settings.ts";
import {
  DROPPED_ERRORS,
  isDroppedError,
  scrubEvent,
} from "../../../contract/observability/scrub.ts";

/** Sample rates: every error traced; a tenth of sessions replayed, every session with an error. */
export const SAMPLE_RATES = {
  tracesSampleRate: 1,
  replaysSessionSampleRate: 0.1,
  replaysOnErrorSampleRate: 1,
} as const;

const reportedTraceIds = new WeakMap<object, string>();

/** The SDK itself: this module is loaded lazily (error-reports.ts), never with the first paint. */
export function initSentry(
  settings: NonNullable<ClientObservability["errors"]>,
  sessionTraceId: string,
): void {
  Sentry.init({
    dsn: settings.dsn,
    release: settings.release,
    environment: settings.environment,
    ...SAMPLE_RATES,
    ignoreErrors: DROPPED_ERRORS,
    integrations: [
      Sentry.browserTracingIntegration(),
      // Replays show the page's layout, never its words or pictures (entries, e-mail addresses).
      Sentry.replayIntegration({ maskAllText: true, maskAllInputs: true, blockAllMedia: true }),
    ],
    beforeSend(event, hint) {
      const error = hint.originalException;
      if (isDroppedError(error) || isApiError(error)) return null;
      const traceId =
        typeof error === "object" && error !== null ? reportedTraceIds.get(error) : undefined;
      event.tags = { ...event.tags, session_trace_id: sessionTraceId };
      if (traceId) event.tags.trace_id = traceId;
      return scrubEvent(event as never) as typeof event;
    },
    // Traces carry the addresses the page called: scrubbed the same way.
    beforeSendTransaction: (event) => scrubEvent(event as never) as typeof event,
    beforeBreadcrumb(breadcrumb) {
      // Navigation and clicks help; what the console or a request carried may be private.
      return breadcrumb.category === "navigation" || breadcrumb.category === "ui.click"
        ? breadcrumb
        : null;
    },
  });
  Sentry.setTag("session_trace_id", sessionTraceId);
}

/** An error the API answered is the server's to report (it has its own reporter). */
function isApiError(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as Error).name === "FetchError";
}

export function captureWithTrace(error: unknown, traceId: string): void {
  if (error && typeof error === "object") reportedTraceIds.set(error, traceId);
  Sentry.captureException(error, { tags: { trace_id: traceId } });
}
