import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixturePath, listFixtures } from "../../tests/ingest/fixtures.ts";
import { type LocalServer, startLocalServer } from "../../tests/ingest/local-server.ts";
import { decodeBytes } from "./decode.ts";
import { discoverFeed, subscriptionUrl } from "./discover.ts";
import { IngestError } from "./errors.ts";
import { findFeedLinks } from "./feed-links.ts";
import { createFetcher, type Fetcher } from "./guarded-fetch.ts";

const RSS =
  '<rss version="2.0"><channel><title>Site RSS</title><link>/</link><item><guid>r1</guid><title>One</title></item></channel></rss>';
const ATOM =
  '<feed xmlns="http://www.w3.org/2005/Atom"><title>Site Atom</title><entry><id>a1</id><title>A</title></entry></feed>';
const page = (head: string) =>
  `<!doctype html><html><head><title>Site</title>${head}</head><body><p>Hello</p></body></html>`;

let site: LocalServer;
let bare: LocalServer;
let fetcher: Fetcher;

beforeAll(async () => {
  site = await startLocalServer((request, response) => {
    const send = (type: string, body: string) =>
      response.writeHead(200, { "content-type": type }).end(body);
    switch (request.url) {
      case "/feed.xml":
        return send("application/rss+xml", RSS);
      case "/blog/":
        return send(
          "text/html; charset=utf-8",
          page(
            '<link rel="alternate" type="application/atom+xml" title="Atom" href="../atom.xml">',
          ),
        );
      case "/atom.xml":
        return send("application/atom+xml", ATOM);
      case "/dead-link":
        return send(
          "text/html",
          page('<link rel="alternate" type="application/rss+xml" href="/missing.xml">'),
        );
      case "/":
        return send("text/html", page(""));
      case "/feed":
        return send("application/rss+xml", RSS);
      case "/rsshub/github/issue/DIYgod/RSSHub":
        return send("application/rss+xml", RSS.replace("Site RSS", "Route feed"));
      default:
        response.writeHead(404).end();
    }
  });
  bare = await startLocalServer((request, response) => {
    if (request.url === "/") response.writeHead(200, { "content-type": "text/html" }).end(page(""));
    else response.writeHead(404).end();
  });
  fetcher = createFetcher({ allowPrivateNetworks: ["127.0.0.1/32"], timeoutMs: 5_000 });
});

afterAll(async () => {
  await fetcher.close();
  await site.close();
  await bare.close();
});

async function failureOf(promise: Promise<unknown>): Promise<IngestError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof IngestError) return error;
    throw error;
  }
  throw new Error("expected a failure");
}

describe("discoverFeed", () => {
  it("takes a feed URL as is", async () => {
    const found = await discoverFeed(`${site.origin}/feed.xml`, { fetcher });
    expect(found).toMatchObject({ feedUrl: `${site.origin}/feed.xml`, format: "rss" });
    expect(found.feed.title).toBe("Site RSS");
    expect(found.entries.map((e) => e.guid)).toEqual(["r1"]);
  });

  it("follows a page's <link rel=alternate> (relative href)", async () => {
    const found = await discoverFeed(`${site.origin}/blog/`, { fetcher });
    expect(found).toMatchObject({ feedUrl: `${site.origin}/atom.xml`, format: "atom" });
  });

  it("falls back to well-known paths when links are missing or dead", async () => {
    expect((await discoverFeed(`${site.origin}/`, { fetcher })).feedUrl).toBe(
      `${site.origin}/feed`,
    );
    expect((await discoverFeed(`${site.origin}/dead-link`, { fetcher })).feedUrl).toBe(
      `${site.origin}/feed`,
    );
  });

  it("resolves rsshub:// routes on the configured instance", async () => {
    const found = await discoverFeed("rsshub://github/issue/DIYgod/RSSHub", {
      fetcher,
      feedRouteBaseUrl: `${site.origin}/rsshub/`,
    });
    expect(found.feed.title).toBe("Route feed");
    expect(await failureOf(discoverFeed("rsshub://github/issue", { fetcher }))).toMatchObject({
      code: 2003,
    });
  });

  it("answers 2002 without a URL, 2003 when the page cannot be fetched, 2004 when nothing parses", async () => {
    expect(await failureOf(discoverFeed("  ", { fetcher }))).toMatchObject({ code: 2002 });
    expect(await failureOf(discoverFeed(null, { fetcher }))).toMatchObject({ code: 2002 });
    expect(await failureOf(discoverFeed(`${site.origin}/nowhere`, { fetcher }))).toMatchObject({
      code: 2003,
      httpStatus: 404,
    });
    expect(await failureOf(discoverFeed("http://10.9.8.7/", { fetcher }))).toMatchObject({
      code: 2003,
      kind: "blocked-address",
    });
    const none = await failureOf(discoverFeed(`${bare.origin}/`, { fetcher }));
    expect(none).toMatchObject({ code: 2004, kind: "not-a-feed" });
    expect(none.reason).toContain("tried 7 candidate URLs");
  });

  it("normalises what people type", () => {
    expect(subscriptionUrl(" example.com/blog ", null)).toBe("https://example.com/blog");
    expect(subscriptionUrl("rsshub://a/b?x=1", "https://hub.example/")).toBe(
      "https://hub.example/a/b?x=1",
    );
  });
});

describe("findFeedLinks on real pages", () => {
  /**
   * Every HTML page of the real-world corpus (RSParser's resources: Daring Fireball,
   * inessential, Six Colors, YouTube...): we find exactly the feeds its <link rel="alternate">
   * tags declare, read here with a plain regex as the reference. Scored over whatever pages
   * the corpus copy holds.
   */
  it("finds the feeds real pages declare", () => {
    const pages = listFixtures("rsparser-realworld", /\.html?$/i);
    const failures: string[] = [];
    let declaredCount = 0;
    for (const file of pages) {
      const html = decodeBytes(fs.readFileSync(file)).text;
      const pageUrl = "https://page.example/dir/page.html";
      const declared = declaredFeeds(html, pageUrl);
      const found = findFeedLinks(html, pageUrl).map((link) => link.url);
      declaredCount += declared.length;
      if (JSON.stringify([...new Set(found)].sort()) !== JSON.stringify(declared))
        failures.push(
          `${path.basename(file)}: declared ${declared.join(", ")}; found ${found.join(", ")}`,
        );
    }
    const rate = pages.length === 0 ? 0 : (pages.length - failures.length) / pages.length;
    console.log(
      `[score] rsparser-realworld pages: ${(100 * rate).toFixed(1)}% of ${pages.length} pages give exactly their declared feeds (${declaredCount} declared); ${pages.length} files scored`,
    );
    if (failures.length > 0) console.log(`  failed:\n    ${failures.join("\n    ")}`);
    expect(declaredCount).toBeGreaterThan(0);
    expect(rate).toBeGreaterThanOrEqual(0.9);
  });

  it("passes Mark Pilgrim's Atom autodiscovery suite (feedfinder-tests)", {
    timeout: 30_000,
  }, () => {
    const pages = listFixtures(path.join("feedvalidator", "feedfinder-tests"), /html4-\d+\.html$/);
    const failures: string[] = [];
    let unscored = 0;
    for (const file of pages) {
      const name = path.basename(file);
      const pageUrl = `http://diveintomark.org/tests/client/autodiscovery/${name}`;
      const atom = findFeedLinks(decodeBytes(fs.readFileSync(file)).text, pageUrl).filter(
        (l) => l.type === "application/atom+xml",
      );
      if (atom.length !== 1) {
        failures.push(`${name}: ${atom.length} links`);
        continue;
      }
      const found = new URL(atom[0]!.url);
      const feedName = found.pathname.split("/").at(-1)!;
      const dir =
        found.hostname === "www.ragingplatypus.com"
          ? ["feedfinder-tests", "ragingplatypus"]
          : ["feedfinder-tests"];
      const feedFile = fixturePath("feedvalidator", ...dir, feedName);
      if (!fs.existsSync(feedFile)) {
        // The page's feed is not in this copy of the corpus: nothing to check it against.
        unscored++;
        continue;
      }
      const hrefs = [
        ...decodeBytes(fs.readFileSync(feedFile)).text.matchAll(/href="([^"]*)"/g),
      ].map((m) => m[1]);
      const lastHref = hrefs.at(-1) ?? "";
      if (lastHref.split("/").at(-1) !== name)
        failures.push(`${name}: feed points back to ${lastHref}`);
    }
    const scored = pages.length - unscored;
    const rate = scored === 0 ? 0 : (scored - failures.length) / scored;
    console.log(
      `[score] feedvalidator/feedfinder-tests: ${(100 * rate).toFixed(1)}% of ${scored} pages found their one Atom feed; ${scored} files scored (${unscored} whose feed this copy lacks)`,
    );
    if (failures.length > 0) console.log(`  failed:\n    ${failures.join("\n    ")}`);
    // Gated on the share found, whatever pages this copy of the corpus holds.
    expect(pages.length).toBeGreaterThan(0);
    expect(rate).toBeGreaterThanOrEqual(0.95);
  });
});

/** RSS/Atom/JSON Feed URLs a page's <link rel="alternate" type=...> tags declare, resolved, sorted. */
function declaredFeeds(html: string, pageUrl: string): string[] {
  const head = html.replace(/<!--[\s\S]*?-->/g, "");
  const urls = new Set<string>();
  for (const [tag] of head.matchAll(/<link\b[^>]*>/gi)) {
    const attr = (name: string) =>
      new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i")
        .exec(tag)
        ?.slice(1)
        .find((v) => v !== undefined);
    const rel = attr("rel")?.toLowerCase().split(/\s+/) ?? [];
    const type = attr("type")?.toLowerCase().trim() ?? "";
    const href = attr("href")?.trim();
    if (!rel.includes("alternate") || !href) continue;
    if (!/^application\/(?:rss|atom|feed)\+(?:xml|json)$|^application\/json$/.test(type)) continue;
    try {
      urls.add(new URL(href.replace(/&amp;/g, "&"), pageUrl).href);
    } catch {
      // an unparseable href declares nothing
    }
  }
  return [...urls].sort();
}
