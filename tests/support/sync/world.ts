import { FeedServer, rssFeed } from "../feed-server.ts";
import { startTestServer, type TestServer } from "../server.ts";

/** A real API server in-process and a site serving a few fixture feeds. */
export interface World {
  server: TestServer;
  site: FeedServer;
  baseUrl: string;
  feedUrls: string[];
  close(): Promise<void>;
}

const WORLD_ENV = {
  FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
  INGEST_POLL_SECONDS: "3600",
  AUTH_RATE_LIMIT_MAX: "100000",
  RATE_LIMIT_MAX: "100000",
};

export async function startWorld(options: {
  feeds: number;
  entriesPerFeed: number;
}): Promise<World> {
  const site = await new FeedServer().start();
  const server = await startTestServer("sqlite", WORLD_ENV);
  const base = Date.parse("2026-05-01T12:00:00Z");
  const feedUrls = Array.from({ length: options.feeds }, (_, f) =>
    site.serve(
      `/feed-${f}.xml`,
      rssFeed(
        `Feed ${f}`,
        Array.from({ length: options.entriesPerFeed }, (_, i) => ({
          guid: `f${f}-item-${i}`,
          title: `Feed ${f} item ${i}`,
          // Distinct times across feeds, so paging by publishedAt never ties.
          date: new Date(base - (i * options.feeds + f) * 3_600_000),
        })),
      ),
    ),
  );
  return {
    server,
    site,
    baseUrl: server.localUrl,
    feedUrls,
    async close() {
      await server.close();
      await site.stop();
    },
  };
}

let emails = 0;
export function freshEmail(prefix = "sync"): string {
  emails += 1;
  return `${prefix}.${Date.now().toString(36)}.${emails}@example.com`;
}
