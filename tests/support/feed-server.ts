import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { FIXTURES_DIR } from "../ingest/fixtures.ts";

/** The shared fixture corpora, beside the checkout (never copied into the project). */
export { FIXTURES_DIR as FIXTURES } from "../ingest/fixtures.ts";

export function fixturePath(...parts: string[]): string {
  return join(FIXTURES_DIR, ...parts);
}

type Route = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * A real HTTP server on 127.0.0.1 serving feeds the way websites do: fixture files with ETag /
 * Last-Modified (so conditional GETs get a 304), mutable feeds, site pages with
 * `<link rel=alternate>`, and scripted failures. Counts requests per path.
 */
export class FeedServer {
  private server: Server | undefined;
  private readonly routes = new Map<string, Route>();
  readonly hits = new Map<string, number>();
  /** Conditional GETs answered 304, per path. */
  readonly notModified = new Map<string, number>();
  baseUrl = "";

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      const path = new URL(request.url ?? "/", "http://x").pathname;
      this.hits.set(path, (this.hits.get(path) ?? 0) + 1);
      const route = this.routes.get(path);
      if (route) return route(request, response);
      response.writeHead(404, { "content-type": "text/plain" }).end("not found");
    });
    await new Promise<void>((done) => this.server!.listen(0, "127.0.0.1", done));
    this.baseUrl = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((done) => this.server?.close(done));
  }

  url(path: string): string {
    return `${this.baseUrl}${path}`;
  }

  /** Serves a body with validators; a matching If-None-Match gets a 304. */
  serve(
    path: string,
    body: string | (() => string),
    contentType = "application/rss+xml; charset=utf-8",
  ) {
    this.routes.set(path, (request, response) => {
      const text = typeof body === "function" ? body() : body;
      const etag = `"${createHash("sha1").update(text).digest("hex")}"`;
      if (request.headers["if-none-match"] === etag) {
        this.notModified.set(path, (this.notModified.get(path) ?? 0) + 1);
        response.writeHead(304, { etag }).end();
        return;
      }
      response.writeHead(200, { "content-type": contentType, etag }).end(text);
    });
    return this.url(path);
  }

  serveFixture(path: string, file: string, contentType?: string) {
    return this.serve(path, readFileSync(file, "utf8"), contentType);
  }

  /** Any handler, for failures (500, 429 with Retry-After, hanging, redirects...). */
  route(path: string, route: Route) {
    this.routes.set(path, route);
    return this.url(path);
  }
}

/** A small RSS 2.0 document with the given items, newest first. */
export function rssFeed(
  title: string,
  items: Array<{ guid: string; title: string; date?: Date; html?: string }>,
) {
  const rendered = items
    .map(
      (item) => `<item><guid>${item.guid}</guid><title>${item.title}</title>
<link>https://example.com/${item.guid}</link>${item.date ? `<pubDate>${item.date.toUTCString()}</pubDate>` : ""}
<description><![CDATA[${item.html ?? `<p>${item.title}</p>`}]]></description></item>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0"><channel><title>${title}</title><link>https://example.com/</link>
<description>${title} feed</description>${rendered}</channel></rss>`;
}
