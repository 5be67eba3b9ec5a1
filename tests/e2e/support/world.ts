import type { Browser, Page } from "playwright-core";
import { inject } from "vitest";
import { FeedServer } from "../../support/feed-server.ts";
import { startTestServer, type TestServer } from "../../support/server.ts";
import { launchBrowser, openPage, type PageWatch } from "./browser.ts";

/** What most end-to-end suites run against: local feeds, the real server, Chromium, one page. */
export interface ReaderWorld {
  feeds: FeedServer;
  server: TestServer;
  browser: Browser;
  watch: PageWatch;
  page: Page;
  close(): Promise<void>;
}

/**
 * Starts a feed server (filled by `serve`), the real server on SQLite with the built client and
 * loopback feeds allowed, Chromium and one watched page.
 */
export async function startReaderWorld(
  serve: (feeds: FeedServer) => void = () => {},
  env: Record<string, string> = {},
): Promise<ReaderWorld> {
  const feeds = await new FeedServer().start();
  serve(feeds);
  const server = await startTestServer("sqlite", {
    CLIENT_DIST_DIR: inject("clientDistDir"),
    FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
    AUTH_RATE_LIMIT_MAX: "1000",
    ...env,
  });
  const browser = await launchBrowser();
  const watch = await openPage(browser);
  return {
    feeds,
    server,
    browser,
    watch,
    page: watch.page,
    async close() {
      await watch.context.close().catch(() => undefined);
      await browser.close();
      await server.close();
      await feeds.stop();
    },
  };
}
