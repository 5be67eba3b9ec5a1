import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type FeedInfo, generateItems, rssDocument } from "./feed-docs.ts";

/**
 * Feeds as a website serves them, on 127.0.0.1: ETag validators, 304 for a matching
 * If-None-Match. Every feed has two versions; `changed(i)` says which feeds publish one new
 * entry in round 2 (the others serve the same bytes).
 */
export class FeedSite {
  private server: Server | undefined;
  private readonly versions: Buffer[][] = [];
  round = 1;
  baseUrl = "";
  readonly served = { ok: 0, notModified: 0 };

  constructor(feeds: number, changed: (i: number) => boolean, itemsPerFeed = 10) {
    for (let i = 0; i < feeds; i++) {
      const info: FeedInfo = {
        key: `f${i}`,
        title: `Feed ${i}`,
        siteUrl: `https://site${i}.example.com`,
      };
      // One item more: round 1 serves the older ones, round 2 the newer (one new entry).
      const items = generateItems(info, itemsPerFeed + 1, {
        seed: i + 1,
        spacingMs: 6 * 3_600_000,
      });
      const v1 = Buffer.from(rssDocument(info, items.slice(1)));
      const v2 = changed(i) ? Buffer.from(rssDocument(info, items.slice(0, itemsPerFeed))) : v1;
      this.versions.push([v1, v2]);
    }
  }

  async start() {
    this.server = createServer((req, res) => {
      const match = /^\/feeds\/(\d+)\.xml$/.exec(req.url ?? "");
      const versions = match ? this.versions[Number(match[1])] : undefined;
      if (!versions) return res.writeHead(404).end();
      const version = this.round === 1 || versions[1] === versions[0] ? 1 : 2;
      const etag = `"${match![1]}-v${version}"`;
      if (req.headers["if-none-match"] === etag) {
        this.served.notModified++;
        return res.writeHead(304, { etag }).end();
      }
      this.served.ok++;
      res.writeHead(200, { "content-type": "application/rss+xml; charset=utf-8", etag });
      res.end(versions[version - 1]);
    });
    await new Promise<void>((done) => this.server!.listen(0, "127.0.0.1", done));
    this.baseUrl = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  url(i: number) {
    return `${this.baseUrl}/feeds/${i}.xml`;
  }

  document(i: number) {
    return this.versions[i]![0]!;
  }

  /** Bytes of all round-1 documents. */
  get bytes() {
    return this.versions.reduce((sum, [v1]) => sum + v1!.length, 0);
  }

  async stop() {
    this.server?.closeAllConnections();
    await new Promise((done) => this.server?.close(done));
  }
}
