import { Counter, collectDefaultMetrics, Histogram, Registry } from "prom-client";

/**
 * The process's metrics, one registry for every server this process runs (tests run several):
 * counters only grow, and the gauges read their sources when scraped. Default Node metrics give
 * event-loop lag, heap and resident memory.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequests = new Counter({
  name: "follow_http_requests_total",
  help: "HTTP requests answered, by endpoint name (the API table's, or client/unmatched) and status",
  labelNames: ["route", "method", "status"] as const,
  registers: [registry],
});

export const httpDuration = new Histogram({
  name: "follow_http_request_duration_seconds",
  help: "Time to the response's headers, by endpoint name",
  labelNames: ["route", "method"] as const,
  buckets: LATENCY_BUCKETS,
  registers: [registry],
});

export const outboxReplays = new Counter({
  name: "follow_outbox_replays_total",
  help: "Writes answered from the idempotency store (a client's outbox sending a write again)",
  registers: [registry],
});

export const feedFetches = new Counter({
  name: "follow_feed_fetches_total",
  help: "Scheduled feed refreshes by result: new (entries stored), unchanged, not_modified, failed",
  labelNames: ["result"] as const,
  registers: [registry],
});

export const ingestLag = new Histogram({
  name: "follow_ingest_lag_seconds",
  help: "How late a scheduled feed check ran after it fell due",
  buckets: [1, 5, 15, 30, 60, 120, 300, 900, 1800, 3600],
  registers: [registry],
});

export const mailIntake = new Counter({
  name: "follow_smtp_messages_total",
  help: "Messages the SMTP inbox intake saw, by result: stored, dropped, too_large, failed",
  labelNames: ["result"] as const,
  registers: [registry],
});

export const pushSends = new Counter({
  name: "follow_push_sends_total",
  help: "Web push messages handed to push services, by result: sent, gone, refused, failed",
  labelNames: ["result"] as const,
  registers: [registry],
});

export const aiCalls = new Counter({
  name: "follow_ai_calls_total",
  help: "Calls to the AI provider, by result: ok or failed",
  labelNames: ["result"] as const,
  registers: [registry],
});

export const aiDuration = new Histogram({
  name: "follow_ai_call_duration_seconds",
  help: "AI provider call latency (retries included)",
  labelNames: ["result"] as const,
  buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
  registers: [registry],
});

export const serverErrors = new Counter({
  name: "follow_unexpected_errors_total",
  help: "Requests that failed with an unexpected (uncoded) error",
  registers: [registry],
});
