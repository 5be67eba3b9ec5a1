import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rssFeed } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";

const CONCURRENCY = 2;
const PER_WINDOW = 40;
const WINDOW_MS = 1_000;
/** Request arrival is measured here, a little after the gate let the fetch start: windows a
 * fifth shorter absorb that latency without letting a real overshoot pass. */
const CHECKED_WINDOW_MS = WINDOW_MS * 0.8;

interface Site {
  origin: string;
  server: Server;
  /** The most requests the site had open at once. */
  mostOpen: number;
  /** When each request arrived (performance.now()). */
  arrivals: number[];
}

/** One site serving many feeds, recording how many requests it has open and when each came. */
function startSite(): Promise<Site> {
  let open = 0;
  const site: Site = {
    origin: "",
    server: undefined as unknown as Server,
    mostOpen: 0,
    arrivals: [],
  };
  site.server = createServer((request, response) => {
    open++;
    site.mostOpen = Math.max(site.mostOpen, open);
    site.arrivals.push(performance.now());
    const name = request.url ?? "/";
    // A little work per answer, so fetches overlap when nothing holds them back.
    setTimeout(() => {
      response.writeHead(200, { "content-type": "application/rss+xml" });
      response.end(rssFeed(`Feed ${name}`, [{ guid: `${name}-1`, title: "One" }]), () => {
        open--;
      });
    }, 15);
  });
  return new Promise((done) => {
    site.server.listen(0, "127.0.0.1", () => {
      site.origin = `http://127.0.0.1:${(site.server.address() as AddressInfo).port}`;
      done(site);
    });
  });
}

/** The most arrivals inside any window of `windowMs`. */
function busiestWindow(arrivals: readonly number[], windowMs: number): number {
  const sorted = [...arrivals].sort((a, b) => a - b);
  let most = 0;
  for (let start = 0, end = 0; end < sorted.length; end++) {
    while (sorted[end]! - sorted[start]! >= windowMs) start++;
    most = Math.max(most, end - start + 1);
  }
  return most;
}

async function finished(client: TestClient, id: string) {
  for (let i = 0; i < 2_400; i++) {
    const answer = await client.request("GET", `/api/subscriptions/import?id=${id}`);
    if (answer.body.data?.finished) return answer.body.data;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("import did not finish");
}

/**
 * Two server processes on one database import OPML files whose feeds all live on one host:
 * the host never sees more fetches at once, or per window, than the limits allow.
 */
describe.each(DIALECTS)("per-host politeness across processes on %s", (dialect) => {
  let first: TestServer;
  let second: TestServer;
  let site: Site;

  beforeAll(async () => {
    site = await startSite();
    const env = {
      AUTH_RATE_LIMIT_MAX: "1000",
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      INGEST_POLL_SECONDS: "3600",
      INGEST_HOST_CONCURRENCY: String(CONCURRENCY),
      INGEST_HOST_PER_MINUTE: String(PER_WINDOW),
      INGEST_HOST_WINDOW_MS: String(WINDOW_MS),
      OPML_IMPORT_CONCURRENCY: "8",
      OPML_IMPORT_PER_HOST: "8",
    };
    first = await startTestServer(dialect, env);
    second = await startTestServer(dialect, env, {
      dataDir: first.dataDir,
      postgres: first.postgres,
    });
  });
  afterAll(async () => {
    await second?.stop();
    await first?.close();
    await new Promise((done) => site?.server.close(done));
  });

  it("an import of 300 feeds on one host, beside another process's import, stays within the limits", async () => {
    const alice = new TestClient(first.localUrl);
    const bob = new TestClient(second.localUrl);
    await alice.signUp(uniqueEmail("alice"));
    await bob.signUp(uniqueEmail("bob"));
    const items = (prefix: string, count: number) =>
      Array.from({ length: count }, (_, i) => ({ url: `${site.origin}/${prefix}${i}.xml` }));
    const [big, small] = await Promise.all([
      alice.request("POST", "/api/subscriptions/import", { json: { items: items("a", 300) } }),
      bob.request("POST", "/api/subscriptions/import", { json: { items: items("b", 40) } }),
    ]);
    expect(big.status, big.text).toBe(200);
    expect(small.status, small.text).toBe(200);
    const [aliceResult, bobResult] = await Promise.all([
      finished(alice, big.body.data.id),
      finished(bob, small.body.data.id),
    ]);
    expect(aliceResult.done).toBe(300);
    expect(bobResult.done).toBe(40);

    const stats = site;
    expect(stats.arrivals.length).toBeGreaterThanOrEqual(340);
    expect(stats.mostOpen).toBeGreaterThan(0);
    expect(stats.mostOpen).toBeLessThanOrEqual(CONCURRENCY);
    expect(busiestWindow(stats.arrivals, CHECKED_WINDOW_MS)).toBeLessThanOrEqual(PER_WINDOW);
  });
});
