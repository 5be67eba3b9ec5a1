import autocannon from "autocannon";

export interface Throughput {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  errors: number;
}

/** Closed-loop load over loopback for a fixed duration; bounded and stops by itself. */
export async function measure(options: {
  url: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  seconds?: number;
  connections?: number;
  /** Seconds before a request counts as an error (autocannon's default is 10). */
  timeout?: number;
}): Promise<Throughput> {
  const result = await autocannon({
    url: options.url,
    method: options.method ?? "GET",
    headers: options.headers,
    body: options.body,
    duration: options.seconds ?? 5,
    connections: options.connections ?? 10,
    timeout: options.timeout ?? 10,
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.non2xx,
  };
}

/** Sequential round-trips per second for operations too slow for a load generator. */
export async function sequentialRate(count: number, operation: (i: number) => Promise<void>) {
  const started = performance.now();
  for (let i = 0; i < count; i++) await operation(i);
  return Math.round((count / ((performance.now() - started) / 1000)) * 10) / 10;
}
