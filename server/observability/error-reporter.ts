import type { ErrorEvent } from "@sentry/node";
import { DROPPED_ERRORS, isDroppedError, scrubEvent } from "../../contract/observability/scrub.ts";
import type { ObservabilityConfig } from "../config.ts";
import type { Logger } from "../logger.ts";

export interface ServerErrorReporter {
  /** Reports an unexpected error of a request, under the trace id its answer carries. */
  capture(error: unknown, context: { traceId: string; route?: string | undefined }): void;
  /** Sends what is queued (at shutdown, and for tests). */
  flush(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * A Sentry-compatible reporter (Sentry, GlitchTip) of the server's unexpected errors, or null
 * when no DSN or no release is configured: nothing is sent then. A client of its own, not the
 * SDK's global one, so no automatic instrumentation patches the process and several servers
 * in one process (tests) each report on their own.
 */
export async function startErrorReporter(
  config: ObservabilityConfig["errors"],
  logger: Logger,
): Promise<ServerErrorReporter | null> {
  if (!config.dsn || !config.release) return null;
  // The SDK (~0.3 MB of source kept in memory) is loaded only when reports are turned on.
  const { defaultStackParser, makeNodeTransport, NodeClient, Scope } = await import("@sentry/node");
  const client = new NodeClient({
    dsn: config.dsn,
    release: config.release,
    environment: config.environment,
    transport: makeNodeTransport,
    stackParser: defaultStackParser,
    integrations: [],
    tracesSampleRate: 1,
    ignoreErrors: DROPPED_ERRORS,
    beforeSend: (event, hint) =>
      isDroppedError(hint.originalException) ? null : (scrubEvent(event) as ErrorEvent),
    beforeBreadcrumb: () => null,
  });
  const scope = new Scope();
  scope.setClient(client);
  client.init();
  logger.info({ release: config.release }, "error reports enabled");
  return {
    capture(error, { traceId, route }) {
      // Our trace ids are UUIDs: without dashes, the 32 hex digits a Sentry trace id is.
      const traceHex = traceId.replaceAll("-", "");
      const event = scope.clone();
      event.setPropagationContext({ traceId: traceHex, sampleRand: Math.random() });
      event.setTag("trace_id", traceId);
      if (route) event.setTag("route", route);
      event.setContext("trace", { trace_id: traceHex, span_id: traceHex.slice(0, 16) });
      event.captureException(error);
    },
    flush: async (timeoutMs = 2000) => await client.flush(timeoutMs),
    close: async () => {
      await client.close(2000);
    },
  };
}
