import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedAnalytics {
  path: string;
  query: URLSearchParams;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON bodies.
  body: any;
  raw: string;
}

/**
 * A PostHog-compatible host on 127.0.0.1 (POST /capture/) that also answers the secondary
 * measurement endpoint (POST /mp/collect), keeping every body; it answers browsers' CORS
 * preflights. `failNext` makes the next answers 503 (to see retries).
 */
export class AnalyticsReceiver {
  private server: Server | undefined;
  readonly received: ReceivedAnalytics[] = [];
  failNext = 0;
  baseUrl = "";

  async start(): Promise<this> {
    this.server = createServer(async (request, response) => {
      response.setHeader("access-control-allow-origin", request.headers.origin ?? "*");
      response.setHeader("access-control-allow-headers", "content-type");
      response.setHeader("access-control-allow-methods", "POST, OPTIONS");
      if (request.method === "OPTIONS") {
        response.writeHead(204).end();
        return;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const raw = Buffer.concat(chunks).toString("utf8");
      const url = new URL(request.url ?? "/", this.baseUrl);
      let body: unknown = raw;
      try {
        body = JSON.parse(raw);
      } catch {}
      this.received.push({ path: url.pathname, query: url.searchParams, body, raw });
      if (this.failNext > 0) {
        this.failNext--;
        response.writeHead(503).end();
        return;
      }
      response.writeHead(200, { "content-type": "application/json" }).end('{"status":1}');
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", () => resolve()));
    const { port } = this.server.address() as AddressInfo;
    this.baseUrl = `http://127.0.0.1:${port}`;
    return this;
  }

  /** Bodies sent to one path (e.g. "/mp/collect"). */
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON bodies.
  at(path: string): any[] {
    return this.received.filter((r) => r.path === path).map((r) => r.body);
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
  }
}
