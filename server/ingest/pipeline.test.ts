import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURES_DIR, listFixtures } from "../../tests/ingest/fixtures.ts";
import { type LocalServer, startLocalServer } from "../../tests/ingest/local-server.ts";
import { IngestError } from "./errors.ts";
import { createFetcher, type Fetcher } from "./guarded-fetch.ts";
import { ingestUrl } from "./pipeline.ts";

const FEED = `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0"><channel><title>Local &amp; live</title><link>https://site.example/</link>
<item><guid>1</guid><title>First</title><link>/posts/1</link><description>&lt;p onclick="x()"&gt;Hi &lt;script&gt;alert(1)&lt;/script&gt;&lt;/p&gt;</description></item>
</channel></rss>`;

/** `Header:` lines of a feedparser case (served as response headers, as upstream does). */
function caseHeaders(bytes: Buffer): Record<string, string> {
  const head = bytes.subarray(0, 2048).toString("latin1");
  const headers: Record<string, string> = {};
  for (const match of head.matchAll(/^\s*Header:\s*([\w-]+):\s*(.*?)\s*$/gm))
    headers[match[1]!.toLowerCase()] = match[2]!;
  return headers;
}

let server: LocalServer;
let fetcher: Fetcher;

beforeAll(async () => {
  server = await startLocalServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://local");
    if (url.pathname === "/feed") {
      if (request.headers["if-modified-since"] === "Wed, 01 Jan 2025 00:00:00 GMT")
        return response.writeHead(304).end();
      return response
        .writeHead(200, {
          "content-type": "application/rss+xml",
          "last-modified": "Wed, 01 Jan 2025 00:00:00 GMT",
        })
        .end(FEED);
    }
    if (url.pathname === "/busy") return response.writeHead(429, { "retry-after": "30" }).end();
    if (url.pathname === "/page")
      return response
        .writeHead(200, { "content-type": "text/html" })
        .end("<html><body>hi</body></html>");
    if (url.pathname.startsWith("/corpus/")) {
      const file = path.join(
        FIXTURES_DIR,
        decodeURIComponent(url.pathname.slice("/corpus/".length)),
      );
      if (!file.startsWith(FIXTURES_DIR) || !fs.existsSync(file))
        return response.writeHead(404).end();
      const body = fs.readFileSync(file);
      return response
        .writeHead(200, { "content-type": "text/xml", ...caseHeaders(body) })
        .end(body);
    }
    response.writeHead(404).end();
  });
  fetcher = createFetcher({
    allowPrivateNetworks: ["127.0.0.1/32"],
    timeoutMs: 10_000,
    perHostConcurrency: 4,
  });
});

afterAll(async () => {
  await fetcher.close();
  await server.close();
});

describe("ingestUrl", () => {
  it("fetches, decodes, parses, normalizes and sanitizes", async () => {
    const result = await ingestUrl(`${server.origin}/feed`, { fetcher });
    if (result.notModified) throw new Error("expected a full answer");
    expect(result.feed).toMatchObject({
      title: "Local & live",
      url: `${server.origin}/feed`,
      siteUrl: "https://site.example/",
    });
    expect(result.entries[0]).toMatchObject({
      guid: "1",
      title: "First",
      url: "https://site.example/posts/1",
      content: "<p>Hi </p>",
    });
    expect(result.lastModified).toBe("Wed, 01 Jan 2025 00:00:00 GMT");
  });

  it("an unchanged feed costs a 304 and nothing else", async () => {
    const result = await ingestUrl(`${server.origin}/feed`, {
      fetcher,
      lastModified: "Wed, 01 Jan 2025 00:00:00 GMT",
    });
    expect(result).toEqual({
      notModified: true,
      url: `${server.origin}/feed`,
      etag: null,
      lastModified: null,
    });
  });

  it("HTTP errors are 2003 with status and Retry-After; non-feeds are 2004", async () => {
    const failure = async (p: string) =>
      ingestUrl(`${server.origin}${p}`, { fetcher }).then(
        () => null,
        (e: unknown) => e,
      );
    expect(await failure("/missing")).toMatchObject({
      code: 2003,
      kind: "http-status",
      httpStatus: 404,
    });
    expect(await failure("/busy")).toMatchObject({
      code: 2003,
      httpStatus: 429,
      retryAfterSeconds: 30,
    });
    expect(await failure("/page")).toMatchObject({ code: 2004, kind: "not-a-feed" });
  });
});

describe("the corpora served over HTTP", () => {
  it("every file is ingested or fails with a coded error", { timeout: 60_000 }, async () => {
    const files = [
      "feedparser",
      "jsonfeed",
      "miniflux",
      "rsparser-realworld",
      "feedvalidator",
    ].flatMap((corpus) => listFixtures(corpus, /\.(?:xml|rss|atom|rdf|json|html)$/i));
    const outcomes = { ok: 0, 2003: 0, 2004: 0 };
    const unexpected: string[] = [];
    const queue = [...files];
    const worker = async () => {
      for (let file = queue.shift(); file; file = queue.shift()) {
        const relative = path
          .relative(FIXTURES_DIR, file)
          .split(path.sep)
          .map(encodeURIComponent)
          .join("/");
        try {
          await ingestUrl(`${server.origin}/corpus/${relative}`, { fetcher });
          outcomes.ok++;
        } catch (error) {
          if (error instanceof IngestError && (error.code === 2003 || error.code === 2004))
            outcomes[error.code]++;
          else unexpected.push(`${relative}: ${String(error)}`);
        }
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
    console.log(
      `[pipeline] ${files.length} corpus files over HTTP: ${outcomes.ok} ingested, ${outcomes[2004]} failed 2004, ${outcomes[2003]} failed 2003, ${unexpected.length} unexpected`,
    );
    expect(unexpected).toEqual([]);
    expect(outcomes[2003]).toBe(0);
  });
});
