import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { HostLimiter } from "../server/ingest/host-limiter.ts";
import { rssFeed } from "../tests/support/feed-server.ts";
import { TestClient, uniqueEmail } from "../tests/support/http-client.ts";
import { startTestServer } from "../tests/support/server.ts";
import { ratio, round, type Table } from "./support/table.ts";

/**
 * OPML import of 1,000 feeds served locally by 50 sites (each its own host:port), every other
 * feed slow to answer: wall time from the import request to its last feed, feeds per second,
 * and the most requests any one site saw at once (the per-host limit). Baseline: the same
 * GETs with the same per-host limit and concurrency, bodies read, nothing else.
 */
export interface OpmlImportFigures {
  feeds: number;
  hosts: number;
  slowMs: number;
  importMs: number;
  done: number;
  failed: number;
  baselineMs: number;
  maxPerHost: number;
}

const FEEDS = 1_000;
const HOSTS = 50;
const SLOW_MS = 500;
const CONCURRENCY = 16;
const PER_HOST = 2;

interface Site {
  server: Server;
  base: string;
  inFlight: number;
  maxInFlight: number;
}

async function startSites(): Promise<Site[]> {
  const sites: Site[] = [];
  for (let h = 0; h < HOSTS; h++) {
    const site = { inFlight: 0, maxInFlight: 0 } as Site;
    site.server = createServer((request, response) => {
      site.inFlight++;
      site.maxInFlight = Math.max(site.maxInFlight, site.inFlight);
      const n = Number(/\/f(\d+)\.xml/.exec(request.url ?? "")?.[1] ?? -1);
      const answer = () => {
        site.inFlight--;
        if (n < 0) return response.writeHead(404).end();
        response
          .writeHead(200, { "content-type": "application/rss+xml" })
          .end(
            rssFeed(`Feed ${n}`, [
              { guid: `g${n}`, title: `Entry ${n}`, date: new Date(Date.UTC(2026, 0, 1)) },
            ]),
          );
      };
      if (n % 2 === 1) setTimeout(answer, SLOW_MS);
      else answer();
    });
    await new Promise<void>((resolve) => site.server.listen(0, "127.0.0.1", resolve));
    site.base = `http://127.0.0.1:${(site.server.address() as AddressInfo).port}`;
    sites.push(site);
  }
  return sites;
}

const urlOf = (sites: Site[], n: number) => `${sites[n % HOSTS]!.base}/f${n}.xml`;

async function baseline(urls: string[]): Promise<number> {
  const limiter = new HostLimiter(PER_HOST);
  const queue = [...urls];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let url = queue.shift(); url; url = queue.shift()) {
        const release = await limiter.acquire(new URL(url).host);
        try {
          await (await fetch(url)).arrayBuffer();
        } finally {
          release();
        }
      }
    }),
  );
  return performance.now() - started;
}

export async function benchOpmlImport(): Promise<OpmlImportFigures> {
  const sites = await startSites();
  const urls = Array.from({ length: FEEDS }, (_, n) => urlOf(sites, n));
  // Interleaved so no run of one host comes first.
  const baselineMs = await baseline(urls);
  for (const site of sites) site.maxInFlight = 0;
  const server = await startTestServer("sqlite", {
    FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
    INGEST_SCHEDULER: "false",
    OPML_IMPORT_CONCURRENCY: String(CONCURRENCY),
    OPML_IMPORT_PER_HOST: String(PER_HOST),
    LOG_LEVEL: "warn",
  });
  try {
    const client = new TestClient(server.localUrl);
    await client.signUp(uniqueEmail("bench"));
    const opml = `<opml version="2.0"><body>${urls
      .map((url, n) => `<outline text="Feed ${n}" xmlUrl="${url}"/>`)
      .join("\n")}</body></opml>`;
    const preview = await client.request("POST", "/api/subscriptions/parse-opml", {
      json: { opml },
    });
    const items = preview.body.data.subscriptions;
    const started = performance.now();
    const start = await client.request("POST", "/api/subscriptions/import", { json: { items } });
    let progress = start.body.data;
    while (!progress.finished) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      progress = (await client.request("GET", `/api/subscriptions/import?id=${start.body.data.id}`))
        .body.data;
    }
    const importMs = performance.now() - started;
    return {
      feeds: FEEDS,
      hosts: HOSTS,
      slowMs: SLOW_MS,
      importMs,
      done: progress.done,
      failed: progress.failed,
      baselineMs,
      maxPerHost: Math.max(...sites.map((s) => s.maxInFlight)),
    };
  } finally {
    await server.close();
    for (const site of sites) site.server.close();
  }
}

export function opmlImportTable(f: OpmlImportFigures): Table {
  return {
    title: `OPML import: ${f.feeds} feeds on ${f.hosts} local hosts, every other one ${f.slowMs} ms slow`,
    headers: ["run", "wall s", "feeds/s", "vs baseline", "done", "failed", "max per host"],
    rows: [
      [
        "baseline: GETs only",
        round(f.baselineMs / 1000, 2),
        round(f.feeds / (f.baselineMs / 1000)),
        "1.00×",
        "",
        "",
        "",
      ],
      [
        "import (discover, fetch, store, subscribe)",
        round(f.importMs / 1000, 2),
        round(f.done / (f.importMs / 1000)),
        ratio(f.importMs, f.baselineMs),
        f.done,
        f.failed,
        f.maxPerHost,
      ],
    ],
    notes: [`aim: under 60 s with at most ${PER_HOST} requests per host at once`],
  };
}
