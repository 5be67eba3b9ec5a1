import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LocalServer, startLocalServer } from "../../tests/ingest/local-server.ts";
import { IngestError } from "./errors.ts";
import { createFetcher, type Fetcher, parseRetryAfter, userAgentFor } from "./guarded-fetch.ts";

const FEED =
  '<rss version="2.0"><channel><title>Local</title><item><guid>1</guid></item></channel></rss>';

let server: LocalServer;
let active = 0;
let maxActive = 0;

beforeAll(async () => {
  server = await startLocalServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://local");
    const path = url.pathname;
    if (path === "/feed") {
      if (request.headers["if-none-match"] === '"v1"') {
        response.writeHead(304, { etag: '"v1"' }).end();
        return;
      }
      response.writeHead(200, {
        "content-type": "application/rss+xml",
        etag: '"v1"',
        "last-modified": "Wed, 01 Jan 2025 00:00:00 GMT",
      });
      response.end(FEED);
    } else if (path.startsWith("/hop/")) {
      const n = Number(path.slice(5));
      if (n === 0) response.writeHead(200).end("arrived");
      else response.writeHead(302, { location: `/hop/${n - 1}` }).end();
    } else if (path === "/to") {
      response.writeHead(301, { location: url.searchParams.get("target") ?? "/" }).end();
    } else if (path === "/big") {
      response.writeHead(200, { "content-type": "text/plain" });
      response.end(Buffer.alloc(2 * 1024 * 1024, 0x61));
    } else if (path === "/big-chunked") {
      response.writeHead(200, { "content-type": "text/plain" });
      for (let i = 0; i < 40; i++) response.write(Buffer.alloc(64 * 1024, 0x62));
      response.end();
    } else if (path === "/bomb") {
      response.writeHead(200, { "content-encoding": "gzip" });
      response.end(zlib.gzipSync(Buffer.alloc(20 * 1024 * 1024, 0)));
    } else if (path === "/gzip" || path === "/br" || path === "/deflate") {
      const encoded =
        path === "/gzip"
          ? zlib.gzipSync(FEED)
          : path === "/br"
            ? zlib.brotliCompressSync(FEED)
            : zlib.deflateSync(FEED);
      response.writeHead(200, { "content-encoding": path.slice(1) }).end(encoded);
    } else if (path === "/slow") {
      // Never answers: the fetch must time out.
    } else if (path === "/429") {
      response.writeHead(429, { "retry-after": "120" }).end("slow down");
    } else if (path === "/503") {
      response.writeHead(503, { "retry-after": new Date(Date.now() + 90_000).toUTCString() }).end();
    } else if (path === "/held") {
      active++;
      maxActive = Math.max(maxActive, active);
      await new Promise((resolve) => setTimeout(resolve, 60));
      active--;
      response.writeHead(200).end("ok");
    } else {
      response.writeHead(404).end("not found");
    }
  });
});

afterAll(async () => {
  await server.close();
});

/** A fetcher for the local server: loopback 127.0.0.1 allowed explicitly, nothing else. */
function localFetcher(overrides: Parameters<typeof createFetcher>[0] = {}): Fetcher {
  return createFetcher({ allowPrivateNetworks: ["127.0.0.1/32"], timeoutMs: 5_000, ...overrides });
}

async function failureOf(promise: Promise<unknown>): Promise<IngestError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof IngestError) return error;
    throw new Error(`expected an IngestError, got ${String(error)}`);
  }
  throw new Error("expected the fetch to fail");
}

describe("SSRF guard", () => {
  const strict = createFetcher({ timeoutMs: 5_000, connectTimeoutMs: 2_000 });
  afterAll(() => strict.close());

  it.each([
    ["loopback IPv4", () => `${server.origin}/feed`, "127.0.0.1", "loopback"],
    ["private 10/8", () => "http://10.1.2.3/feed", "10.1.2.3", "private"],
    [
      "cloud metadata",
      () => "http://169.254.169.254/latest/meta-data/",
      "169.254.169.254",
      "link-local",
    ],
    ["loopback IPv6", () => `http://[::1]:${server.port}/feed`, "::1", "loopback"],
    [
      "a hostname resolving to loopback",
      () => `http://localhost:${server.port}/feed`,
      "localhost (",
      "loopback",
    ],
    ["unspecified", () => `http://0.0.0.0:${server.port}/`, "0.0.0.0", "unspecified"],
    [
      "IPv4-mapped IPv6",
      () => `http://[::ffff:127.0.0.1]:${server.port}/`,
      "::ffff:7f00:1",
      "loopback",
    ],
    ["a decimal IPv4 literal", () => `http://2130706433:${server.port}/`, "127.0.0.1", "loopback"],
    [
      "a hex IPv4 literal",
      () => "http://0xa9.0xfe.0xa9.0xfe/latest/",
      "169.254.169.254",
      "link-local",
    ],
  ])("refuses %s when private networks are not allowed", async (_, url, named, range) => {
    const error = await failureOf(strict.fetch(url()));
    expect(error.code).toBe(2003);
    expect(error.kind).toBe("blocked-address");
    expect(error.reason).toContain(named);
    expect(error.reason).toContain(range);
  });

  it("says the address is private and how the operator allows it, in each language", async () => {
    const error = await failureOf(strict.fetch(`${server.origin}/feed`));
    const reasons = {
      en: error.reasonIn("en-GB,en;q=0.8"),
      ja: error.reasonIn("ja"),
      "zh-CN": error.reasonIn("zh-CN"),
      "zh-TW": error.reasonIn("zh-TW,zh;q=0.9"),
    };
    expect(reasons.en).toBe(error.reason);
    expect(reasons.en).toContain("127.0.0.1 is a private address");
    expect(reasons.ja).toContain("プライベートアドレス");
    expect(reasons["zh-CN"]).toContain("私有地址");
    expect(reasons["zh-TW"]).toContain("私有位址");
    for (const reason of Object.values(reasons)) {
      expect(reason).toContain("127.0.0.1");
      expect(reason).toContain("FETCH_ALLOW_PRIVATE_NETWORKS");
      expect(reason).not.toContain("{{");
    }
    expect(error.toBody("ja").reason).toBe(reasons.ja);
    expect(error.reasonIn(null)).toBe(reasons.en);
  });

  it("never reached the local server while refusing", () => {
    expect(server.requests.filter((r) => r.url === "/feed")).toHaveLength(0);
  });

  it("refuses a redirect from an allowed host to a private one", async () => {
    const fetcher = localFetcher();
    for (const target of [
      "http://169.254.169.254/latest/meta-data/",
      "http://10.0.0.5/",
      `http://[::1]:${server.port}/feed`,
      "http://127.0.0.2/",
    ]) {
      const error = await failureOf(
        fetcher.fetch(`${server.origin}/to?target=${encodeURIComponent(target)}`),
      );
      expect(error).toMatchObject({ code: 2003, kind: "blocked-address" });
    }
    await fetcher.close();
  });

  it("only fetches http and https", async () => {
    const fetcher = localFetcher();
    for (const url of [
      "file:///etc/passwd",
      "ftp://example.com/feed",
      "gopher://x/",
      "not a url",
    ]) {
      expect(await failureOf(fetcher.fetch(url))).toMatchObject({ code: 2003, kind: "bad-url" });
    }
    const viaRedirect = await failureOf(
      fetcher.fetch(`${server.origin}/to?target=${encodeURIComponent("file:///etc/passwd")}`),
    );
    expect(viaRedirect.kind).toBe("bad-url");
    await fetcher.close();
  });
});

describe("guarded fetch behaviour", () => {
  let fetcher: Fetcher;
  beforeAll(() => {
    fetcher = localFetcher({ maxBodyBytes: 1024 * 1024, timeoutMs: 2_000 });
  });
  afterAll(() => fetcher.close());

  it("fetches with our User-Agent and reports validators", async () => {
    const result = await fetcher.fetch(`${server.origin}/feed`);
    expect(result).toMatchObject({
      status: 200,
      url: `${server.origin}/feed`,
      notModified: false,
      etag: '"v1"',
    });
    expect(result.lastModified).toBe("Wed, 01 Jan 2025 00:00:00 GMT");
    expect(result.body.toString()).toBe(FEED);
    const seen = server.requests.at(-1)!;
    // The product and its version on every request (and the instance's address, below).
    expect(seen.headers["user-agent"]).toMatch(/^Follow\/\d+\.\d+\.\d+ \(feed reader\)$/);
    expect(seen.headers["accept-encoding"]).toContain("gzip");
  });

  it("names the instance's PUBLIC_URL in the User-Agent, so a site owner knows whom to ask", () => {
    expect(userAgentFor("https://reader.example.org")).toMatch(
      /^Follow\/\d+\.\d+\.\d+ \(feed reader; \+https:\/\/reader\.example\.org\)$/,
    );
  });

  it("a conditional GET of an unchanged feed is a 304 with no body", async () => {
    const result = await fetcher.fetch(`${server.origin}/feed`, { etag: '"v1"' });
    expect(result).toMatchObject({ status: 304, notModified: true, etag: '"v1"' });
    expect(result.body.length).toBe(0);
    expect(server.requests.at(-1)?.headers["if-none-match"]).toBe('"v1"');
  });

  it("follows up to 5 redirects and refuses the sixth", async () => {
    const five = await fetcher.fetch(`${server.origin}/hop/5`);
    expect(five).toMatchObject({ status: 200, url: `${server.origin}/hop/0` });
    const six = await failureOf(fetcher.fetch(`${server.origin}/hop/6`));
    expect(six).toMatchObject({ code: 2003, kind: "too-many-redirects" });
  });

  it.each(["/big", "/big-chunked", "/bomb"])("caps the body size (%s)", async (path) => {
    const error = await failureOf(fetcher.fetch(`${server.origin}${path}`));
    expect(error).toMatchObject({ code: 2003, kind: "too-large" });
    expect(error.reason).toContain("too large");
  });

  it("times out a server that never answers", async () => {
    const quick = localFetcher({ timeoutMs: 300 });
    const started = Date.now();
    const error = await failureOf(quick.fetch(`${server.origin}/slow`));
    expect(error).toMatchObject({ code: 2003, kind: "timeout" });
    expect(Date.now() - started).toBeLessThan(3_000);
    await quick.close();
  });

  it("does not count a wait for the host's turn against the request's timeout", async () => {
    // A gate that lets the request go only after longer than the whole timeout.
    const slowGate = {
      acquire: () => new Promise<() => void>((resolve) => setTimeout(() => resolve(() => {}), 600)),
    };
    const patient = localFetcher({ timeoutMs: 300, hostGate: slowGate });
    const result = await patient.fetch(`${server.origin}/feed`);
    expect(result.status).toBe(200);
    await patient.close();
  });

  it.each(["/gzip", "/br", "/deflate"])("decodes %s bodies", async (path) => {
    const result = await fetcher.fetch(`${server.origin}${path}`);
    expect(result.body.toString()).toBe(FEED);
  });

  it("reports Retry-After for 429 (seconds) and 503 (HTTP date)", async () => {
    expect(await fetcher.fetch(`${server.origin}/429`)).toMatchObject({
      status: 429,
      retryAfterSeconds: 120,
    });
    const unavailable = await fetcher.fetch(`${server.origin}/503`);
    expect(unavailable.status).toBe(503);
    expect(unavailable.retryAfterSeconds).toBeGreaterThanOrEqual(85);
    expect(unavailable.retryAfterSeconds).toBeLessThanOrEqual(91);
    expect(parseRetryAfter("soon")).toBeNull();
  });

  it("runs at most 2 requests per host at once", async () => {
    maxActive = 0;
    await Promise.all(Array.from({ length: 6 }, () => fetcher.fetch(`${server.origin}/held`)));
    expect(maxActive).toBe(2);
  });
});
