import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** One request a fake service received, as it arrived. */
export interface Received {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Scripted {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * The save-to services faked on 127.0.0.1: every request is recorded, and each `METHOD path`
 * answers what the test scripted (as the real service would, see API-NOTES §3), else 404.
 */
export class ServiceFakes {
  private server: Server | undefined;
  readonly received: Received[] = [];
  private readonly answers = new Map<string, Scripted>();
  baseUrl = "";

  async start(): Promise<this> {
    this.server = createServer(async (request, response) => {
      let body = "";
      for await (const chunk of request) body += chunk;
      const url = new URL(request.url ?? "/", "http://fake");
      this.received.push({
        method: request.method ?? "",
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: request.headers,
        body,
      });
      const answer = this.answers.get(`${request.method} ${url.pathname}`);
      if (!answer) return response.writeHead(404).end("no such route");
      const text =
        answer.body === undefined
          ? ""
          : typeof answer.body === "string"
            ? answer.body
            : JSON.stringify(answer.body);
      response
        .writeHead(answer.status, {
          ...(typeof answer.body === "object" ? { "content-type": "application/json" } : {}),
          ...answer.headers,
        })
        .end(text);
    });
    await new Promise<void>((done) => this.server!.listen(0, "127.0.0.1", done));
    this.baseUrl = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
    return this;
  }

  answer(route: string, scripted: Scripted): void {
    this.answers.set(route, scripted);
  }

  /** The requests received since the last call. */
  take(): Received[] {
    return this.received.splice(0);
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((done) => this.server?.close(done));
  }
}
