import { endpointNameOf } from "../http/endpoint-name.ts";
import {
  aiCalls,
  aiDuration,
  feedFetches,
  httpDuration,
  httpRequests,
  ingestLag,
  mailIntake,
  outboxReplays,
  pushSends,
  serverErrors,
} from "./registry.ts";

/**
 * Small calls the existing choke points make into the metrics: each records and gets out of
 * the way (a metric never changes what the caller does or answers).
 */

/**
 * Called once per answered request, labelled with the endpoint the route wrapper named (never
 * the raw path: ids would make a series per entry).
 */
export function observeHttp(
  request: Request,
  response: Response,
  startedMs: number,
  tableName: (method: string, path: string) => string | undefined = () => undefined,
): void {
  const path = new URL(request.url).pathname;
  const route = endpointNameOf(request) ?? tableName(request.method, path) ?? unnamedRoute(path);
  const method = request.method;
  httpRequests.inc({ route, method, status: String(response.status) });
  httpDuration.observe({ route, method }, (performance.now() - startedMs) / 1000);
  if (response.headers.get("idempotent-replayed") === "true") outboxReplays.inc();
}

function unnamedRoute(path: string): string {
  if (path === "/metrics") return "metrics";
  if (path.startsWith("/api/")) return path.startsWith("/api/better-auth/") ? "auth" : "unmatched";
  return "client";
}

interface RefreshResult {
  ok: boolean;
  notModified?: boolean;
  unchanged?: boolean;
  inserted?: number;
  updated?: number;
}

/** A scheduled refresh's result and how late it ran; answers the outcome unchanged. */
export function countRefresh<T extends RefreshResult>(
  feed: { next_check_at: string | null },
  outcome: T,
): T {
  feedFetches.inc({ result: refreshResult(outcome) });
  if (feed.next_check_at) {
    const late = (Date.now() - Date.parse(feed.next_check_at)) / 1000;
    if (Number.isFinite(late)) ingestLag.observe(Math.max(0, late));
  }
  return outcome;
}

function refreshResult(outcome: RefreshResult): string {
  if (!outcome.ok) return "failed";
  if (outcome.notModified) return "not_modified";
  if (outcome.unchanged || (outcome.inserted ?? 0) + (outcome.updated ?? 0) === 0)
    return "unchanged";
  return "new";
}

export function countMail(result: "stored" | "dropped" | "too_large" | "failed"): void {
  mailIntake.inc({ result });
}

export function countPush(result: "sent" | "gone" | "refused" | "failed"): void {
  pushSends.inc({ result });
}

export function countUnexpectedError(): void {
  serverErrors.inc();
}

/** Wraps a chat provider so each completion (retries included) is counted and timed. */
export function timedProvider<P extends { complete(request: never): Promise<string> }>(
  provider: P,
): P {
  const complete = provider.complete.bind(provider) as (request: unknown) => Promise<string>;
  return {
    ...provider,
    async complete(request: unknown) {
      const started = performance.now();
      let result = "failed";
      try {
        const answer = await complete(request);
        result = "ok";
        return answer;
      } finally {
        aiCalls.inc({ result });
        aiDuration.observe({ result }, (performance.now() - started) / 1000);
      }
    },
  } as P;
}
