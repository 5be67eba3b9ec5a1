import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { FeedServer } from "../support/feed-server.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { launchBrowser, openPage, type PageWatch } from "./support/browser.ts";
import { quickAdd, signUp, waitForSynced } from "./support/reader.ts";

const PNG = readFileSync(join(import.meta.dirname, "../../public/icons/icon-192.png"));

function channel(title: string, site: string, image?: string) {
  return `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0"><channel><title>${title}</title><link>${site}</link><description>${title}</description>
${image ? `<image><url>${image}</url><title>${title}</title><link>${site}</link></image>` : ""}
<item><guid>${title}-1</guid><title>${title} one</title></item></channel></rss>`;
}

/** What a subscription row shows as its icon: a loaded image (its address) or an initial. */
function rowIcon(page: Page, feedId: string) {
  return page.getByTestId(`subscription-${feedId}`).evaluate((row) => {
    const image = row.querySelector<HTMLImageElement>('[data-testid="feed-icon-image"]');
    if (image?.complete && image.naturalWidth > 0) return { image: image.getAttribute("src") };
    const initial = row.querySelector('[data-testid="feed-icon-initial"]');
    return { initial: initial?.textContent ?? null };
  });
}

/** Feeds show their site's icon, kept and served by the server; else the generated initial. */
describe("feed icons (Chromium)", () => {
  let feeds: FeedServer;
  let server: TestServer;
  let browser: Browser;
  let watch: PageWatch;

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    feeds.route("/img/logo.png", (_request, response) => {
      response.writeHead(200, { "content-type": "image/png" }).end(PNG);
    });
    feeds.serve("/with.xml", channel("Iconic", feeds.url("/"), feeds.url("/img/logo.png")));
    feeds.serve("/site/", "<!doctype html><title>No icons</title>", "text/html");
    feeds.serve("/without.xml", channel("Plain", feeds.url("/site/")));
    server = await startTestServer("sqlite", {
      CLIENT_DIST_DIR: inject("clientDistDir"),
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      AUTH_RATE_LIMIT_MAX: "1000",
      FEED_ICONS: "true",
      INGEST_POLL_SECONDS: "3600",
    });
    browser = await launchBrowser();
    watch = await openPage(browser);
  });
  afterAll(async () => {
    await watch?.context.close();
    await browser?.close();
    await server?.close();
    await feeds?.stop();
  });

  it("shows the kept icon of a feed, and the initial of one without", async () => {
    const { page } = watch;
    await signUp(page, server.localUrl);
    const iconic = await quickAdd(page, feeds.url("/with.xml"));
    const plain = await quickAdd(page, feeds.url("/without.xml"));
    await waitForSynced(page);
    // Not looked for yet: both show their initial, without an error in the console.
    await expect.poll(() => rowIcon(page, iconic)).toEqual({ initial: "I" });

    // The first scheduled refresh of each new feed, then the icon looks it queued.
    await server.runIngestion();
    await server.feedIconsIdle();
    // The browser keeps the answer "no icon yet" for a few minutes: forget it, as time would.
    const cdp = await watch.context.newCDPSession(page);
    await cdp.send("Network.clearBrowserCache");
    await page.reload();
    await waitForSynced(page);
    await expect
      .poll(() => rowIcon(page, iconic), { timeout: 20_000 })
      .toEqual({ image: `/api/feeds/icon?id=${iconic}` });
    await expect.poll(() => rowIcon(page, plain)).toEqual({ initial: "P" });
    // The site's image was fetched once, by the server; the page only asked its own origin.
    expect(feeds.hits.get("/img/logo.png")).toBe(1);
    expect(watch.errors).toEqual([]);
  });
});
