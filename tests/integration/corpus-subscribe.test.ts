import { readdirSync, readFileSync, statSync } from "node:fs";
import { extname, join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FeedServer, FIXTURES } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { type Dialect, startTestServer, type TestServer } from "../support/server.ts";

const CORPORA = ["feedparser", "feedvalidator", "jsonfeed", "miniflux", "rsparser-realworld"];
const FEED_EXTENSIONS = new Set([".xml", ".rss", ".atom", ".rdf", ".json"]);
const TYPES: Record<string, string> = {
  ".json": "application/feed+json",
  ".atom": "application/atom+xml",
};

function corpusFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (FEED_EXTENSIONS.has(extname(name))) out.push(path);
    }
  };
  for (const corpus of CORPORA) walk(join(FIXTURES, corpus));
  return out.sort();
}

/**
 * Every fixture feed, served by a real HTTP server, subscribed through the real pipeline (fetch,
 * decode, parse, normalize, sanitize, store): none may crash the server, and every failure
 * must be a coded error. SQLite takes the whole corpus; PostgreSQL every fifth file.
 */
describe.each<[Dialect, number]>([
  ["sqlite", 1],
  ["postgres", 5],
])("subscribing to the fixture corpora on %s", (dialect, stride) => {
  let server: TestServer;
  let feeds: FeedServer;
  let client: TestClient;
  const files = corpusFiles().filter((_, i) => i % stride === 0);

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    for (const file of files) {
      // Raw bytes: the pipeline does its own charset detection.
      const path = `/${relative(FIXTURES, file)}`;
      const bytes = readFileSync(file);
      feeds.route(path, (_request, response) => {
        response
          .writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/xml" })
          .end(bytes);
      });
    }
    server = await startTestServer(dialect, {
      AUTH_RATE_LIMIT_MAX: "1000",
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      INGEST_SCHEDULER: "false",
    });
    client = new TestClient(server.localUrl);
    await client.signUp(uniqueEmail("corpus"));
  });
  afterAll(async () => {
    await server?.close();
    await feeds?.stop();
  });

  it("never answers 5xx; every failure carries 2003 or 2004", { timeout: 600_000 }, async () => {
    const outcomes = new Map<string, number>();
    const unexpected: string[] = [];
    const queue = [...files];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let file = queue.shift(); file; file = queue.shift()) {
          const url = feeds.url(`/${relative(FIXTURES, file)}`);
          const response = await client.request("POST", "/api/subscriptions", {
            json: { url, view: 0 },
          });
          const key = response.status === 200 ? "subscribed" : `code ${response.body?.code}`;
          outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
          if (
            response.status >= 500 ||
            (response.status !== 200 && ![2003, 2004].includes(response.body?.code))
          ) {
            unexpected.push(
              `${relative(FIXTURES, file)}: ${response.status} ${response.text.slice(0, 200)}`,
            );
          }
        }
      }),
    );
    console.info(`[corpus ${dialect}] ${files.length} files:`, Object.fromEntries(outcomes));
    expect(unexpected).toEqual([]);
    expect(outcomes.get("subscribed") ?? 0).toBeGreaterThan(files.length * 0.5);
    const health = await client.request("GET", "/api/health");
    expect(health.status).toBe(200);
    const entries = await client.request("POST", "/api/entries", { json: { limit: 100 } });
    expect(entries.status).toBe(200);
    for (const item of entries.body.data as Array<{ entries: { url: string | null } }>) {
      if (item.entries.url) expect(item.entries.url).toMatch(/^https?:\/\//);
    }
  });
});

describe("SSRF through the API", () => {
  let server: TestServer;
  let feeds: FeedServer;
  beforeAll(async () => {
    feeds = await new FeedServer().start();
    server = await startTestServer("sqlite", { AUTH_RATE_LIMIT_MAX: "1000" });
  });
  afterAll(async () => {
    await server?.close();
    await feeds?.stop();
  });

  it("refuses loopback, private and metadata addresses when the operator has not allowed them", async () => {
    const client = new TestClient(server.localUrl);
    await client.signUp(uniqueEmail("ssrf"));
    const local = feeds.serve(
      "/feed.xml",
      "<rss version='2.0'><channel><title>x</title></channel></rss>",
    );
    for (const url of [
      local,
      local.replace("127.0.0.1", "localhost"),
      "http://[::1]/feed",
      "http://10.0.0.1/feed",
      "http://169.254.169.254/latest/meta-data/",
    ]) {
      const response = await client.request("POST", "/api/subscriptions", { json: { url } });
      expect(response.body.code, url).toBe(2003);
      // The feed preview fetches through the same guard.
      const preview = await client.request("GET", `/api/feeds?url=${encodeURIComponent(url)}`);
      expect(preview.body.code, url).toBe(2003);
    }
    expect(feeds.hits.get("/feed.xml")).toBeUndefined();
  });
});
