import { timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { registry } from "./registry.ts";

export interface MetricsAccess {
  /** Bearer token the main listener asks for on GET /metrics; unset: not served there. */
  token: string | undefined;
  /** host:port of an operator-only listener serving /metrics without a token. */
  listen: string | undefined;
}

/** The scrape: Prometheus text format. */
export async function metricsResponse(): Promise<Response> {
  return new Response(await registry.metrics(), {
    headers: { "content-type": registry.contentType, "cache-control": "no-store" },
  });
}

/**
 * On the main listener: /metrics with the right Bearer token; null for every other request
 * (and for /metrics too when no token is configured, so the path is then nothing special).
 */
export async function answerMetrics(
  request: Request,
  token: string | undefined,
): Promise<Response | null> {
  if (!token) return null;
  if (new URL(request.url).pathname !== "/metrics") return null;
  if (request.method !== "GET") return new Response(null, { status: 405 });
  const given = /^Bearer (.+)$/i.exec(request.headers.get("authorization") ?? "")?.[1] ?? "";
  if (!sameSecret(given, token)) {
    return new Response("metrics need a bearer token\n", {
      status: 401,
      headers: { "www-authenticate": 'Bearer realm="metrics"' },
    });
  }
  return metricsResponse();
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface MetricsListener {
  url: string;
  close(): Promise<void>;
}

/** The operator's own listener (e.g. 127.0.0.1:9464): GET /metrics only. */
export async function startMetricsListener(address: string): Promise<MetricsListener> {
  const { host, port } = parseListen(address);
  const server: Server = createServer((request, response) => {
    if (request.method !== "GET" || (request.url ?? "").split("?")[0] !== "/metrics") {
      response.writeHead(404).end();
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { "content-type": registry.contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  const bound = server.address() as AddressInfo;
  const shownHost = bound.address.includes(":") ? `[${bound.address}]` : bound.address;
  return {
    url: `http://${shownHost}:${bound.port}/metrics`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** "127.0.0.1:9464", "[::1]:9464" or ":9464" (every address). */
export function parseListen(address: string): { host: string | undefined; port: number } {
  const match = /^(?:\[([^\]]+)\]|([^:]*)):(\d{1,5})$/.exec(address.trim());
  const port = Number(match?.[3]);
  if (!match || !(port >= 0 && port <= 65_535)) {
    throw new Error(`METRICS_LISTEN must be host:port, got "${address}"`);
  }
  return { host: match[1] ?? (match[2] || undefined), port };
}
