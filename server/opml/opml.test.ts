import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeOpmlBytes } from "../../contract/opml-bytes.ts";
import { fixturePath, readFixture } from "../../tests/ingest/fixtures.ts";
import type { FeedRow, SubscriptionRow } from "../db/schema.ts";
import { readOpml } from "./document.ts";
import { exportOpml } from "./export.ts";
import { feedsOf } from "./feeds.ts";
import { writeOpml } from "./write.ts";

const OPML_DIR = fixturePath("opml");

function opmlFiles(dir = OPML_DIR): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return opmlFiles(path);
    return name.endsWith(".opml") ? [relative(OPML_DIR, path)] : [];
  });
}

async function read(file: string) {
  return readOpml(decodeOpmlBytes(readFixture("opml", file)));
}

async function feedsIn(file: string) {
  const result = await read(file);
  if (!result.ok) throw new Error(`${file}: ${result.reason}`);
  return { ...feedsOf(result.document), document: result.document, read: result.problems };
}

/** Files the corpus documents as refused; every other file must read. */
const REFUSED = /(^|\/)(invalid_xml|invalid_opml_version)\.opml$/;

describe("OPML corpus (../shared/fixtures/opml)", () => {
  const files = opmlFiles();

  it("has files to read", () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it.each(files)("%s reads, or is refused with a reason, never throws", async (file) => {
    const result = await read(file);
    if (REFUSED.test(file)) {
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.reason.length).toBeGreaterThan(5);
    } else {
      expect(result.ok, file).toBe(true);
    }
  });

  it("reads real subscription exports with folders as categories", async () => {
    const feedly = await feedsIn("opml-go/testdata/feedreader/feedly.opml");
    expect(feedly.document.head.title).toBe("My subscriptions in feedly Cloud");
    const inFolder = (name: string) => feedly.feeds.filter((f) => f.category === name);
    expect(inFolder("Programming")).toHaveLength(3);
    expect(inFolder("Games")).toHaveLength(2);

    const newsblur = await feedsIn("opml-go/testdata/feedreader/newsblur.opml");
    expect(newsblur.feeds).toHaveLength(5);
    expect(newsblur.feeds.some((f) => f.url.includes("&redirect=false"))).toBe(true);

    const top = await feedsIn("node-opmlparser/test/opml/top100.opml");
    expect(top.feeds).toHaveLength(100);
    expect(top.feeds[0]?.title).toBe("TechCrunch");
  });

  it("falls back to text for names and reports the duplicate in Subs.opml by line", async () => {
    for (const file of [
      "rsparser/Tests/RSParserTests/Resources/Subs.opml",
      "rsparser/Tests/RSParserTests/Resources/SubsNoTitleAttributes.opml",
    ]) {
      const subs = await feedsIn(file);
      expect(subs.document.head.title).toBe("Subs");
      expect(subs.document.outlines).toHaveLength(73);
      // 207 feed outlines, one of them a second copy of an earlier feed
      expect(subs.feeds.length + subs.problems.filter((p) => p.kind === "duplicate").length).toBe(
        207,
      );
      expect(subs.feeds.every((f) => f.title && f.url)).toBe(true);
      const duplicate = subs.problems.find((p) => p.kind === "duplicate");
      expect(duplicate?.line).toBeGreaterThan(1);
      expect(duplicate?.code).toBe(1002);
    }
  });

  it("keeps the readable outlines of a damaged file and reports each broken one", async () => {
    const damaged = await feedsIn("node-opmlparser/test/opml/malformed.opml");
    const broken = damaged.read.filter((p) => p.kind === "broken-outline");
    expect(broken.map((p) => p.line)).toEqual([10, 15]);
    expect(broken.every((p) => p.code === 14000 && p.message === "Not an outline")).toBe(true);
    expect(damaged.feeds).toHaveLength(14);
    expect(damaged.feeds.map((f) => f.title)).toContain("Nodebits");
  });

  it("reads the category attribute and nested outline texts", async () => {
    const categories = await feedsIn("node-opmlparser/test/opml/categories.opml");
    expect(categories.document.head.title).toBe("Illustrating the category attribute");
    const outline = await feedsIn("node-opmlparser/test/opml/outline.opml");
    expect(outline.document.head.title).toBe("Outline Title");
    const texts: string[] = [];
    const walk = (nodes: typeof outline.document.outlines) => {
      for (const n of nodes) {
        texts.push(n.attributes.text ?? "");
        walk(n.children);
      }
    };
    walk(outline.document.outlines);
    expect(texts.length).toBeGreaterThan(4);
    expect(texts.every((t) => t.length > 0)).toBe(true);
  });

  it("writes each spec example exactly as its marshal twin (CR endings, ISO-8859-1 in)", async () => {
    const pairs = files.filter((f) => f.includes("/spec/unmarshal/"));
    expect(pairs.length).toBeGreaterThan(0);
    for (const input of pairs) {
      const result = await read(input);
      if (!result.ok) throw new Error(input);
      const expected = readFixture("opml", input.replace("/unmarshal/", "/marshal/")).toString(
        "utf8",
      );
      expect(writeOpml(result.document), input).toBe(expected);
    }
  });

  it("writes each canonical file back unchanged", async () => {
    const canonical = files.filter((f) => f.includes("/spec/marshal/"));
    expect(canonical.length).toBeGreaterThan(0);
    for (const file of canonical) {
      const text = readFixture("opml", file).toString("utf8");
      const result = await readOpml(text);
      if (!result.ok) throw new Error(file);
      expect(writeOpml(result.document), file).toBe(text);
    }
  });

  it("refuses documents that are not OPML, or whose body has no outline", async () => {
    const rss = '<?xml version="1.0"?><rss version="2.0"><channel><title>x</title></channel></rss>';
    expect((await readOpml(rss)).ok).toBe(false);
    const empty = await readOpml('<opml version="2.0"><head><title>t</title></head><body/></opml>');
    expect(empty.ok).toBe(false);
    if (!empty.ok) expect(empty.reason).toContain("no outlines");
  });
});

describe("export", () => {
  const feed = (id: string, url: string, title: string | null): FeedRow =>
    ({ id, url, title, site_url: `https://${id}.example/` }) as FeedRow;
  const sub = (feedId: string, view: number, category: string | null, title: string | null) =>
    ({ feed_id: feedId, view, category, title, user_id: "u", is_private: 0 }) as SubscriptionRow;
  const rows = [
    {
      feed: feed("a", "https://a.example/feed", "Alpha & Co"),
      subscription: sub("a", 0, "Tech", null),
    },
    {
      feed: feed("b", "https://b.example/rss?x=1&y=2", "Beta"),
      subscription: sub("b", 2, null, "My Beta"),
    },
    {
      feed: feed("c", "rsshub://github/issue/x", "Gamma"),
      subscription: sub("c", 1, "Tech, news", null),
    },
  ];

  it.each(["category", "view"] as const)(
    "re-imports to the same subscriptions (%s folders)",
    async (folderMode) => {
      const text = exportOpml(rows, { folderMode, feedRouteBase: undefined, now: new Date(0) });
      const result = await readOpml(text);
      if (!result.ok) throw new Error(result.reason);
      const { feeds, problems } = feedsOf(result.document);
      expect(problems).toEqual([]);
      const byUrl = new Map(feeds.map((f) => [f.url, f]));
      for (const row of rows) {
        const back = byUrl.get(row.feed.url);
        expect(back?.view).toBe(row.subscription.view);
        expect(back?.category).toBe(row.subscription.category);
        expect(back?.title).toBe(row.subscription.title ?? row.feed.title);
      }
    },
  );

  it("writes feed routes against a given base", () => {
    const text = exportOpml(rows, {
      folderMode: "category",
      feedRouteBase: "https://routes.example/",
      now: new Date(0),
    });
    expect(text).toContain('xmlUrl="https://routes.example/github/issue/x"');
    expect(text).toContain("Alpha &amp; Co");
  });
});

describe("hostile input", () => {
  it("never throws on arbitrary text or on fixtures cut at any point", async () => {
    const sample = decodeOpmlBytes(readFixture("opml", "opml-go/testdata/feedreader/feedly.opml"));
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string(),
          fc.integer({ min: 0, max: sample.length }).map((n) => sample.slice(0, n)),
          fc.integer({ min: 0, max: sample.length }).map((n) => sample.slice(n)),
        ),
        async (text) => {
          const result = await readOpml(text);
          if (result.ok) feedsOf(result.document);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("bounds nesting and yields to the event loop while reading a large file", async () => {
    const deep = `<opml version="2.0"><body>${"<outline text='x'>".repeat(5_000)}<outline text="f" xmlUrl="https://f.example/feed"/>${"</outline>".repeat(5_000)}</body></opml>`;
    const deepResult = await readOpml(deep);
    if (!deepResult.ok) throw new Error(deepResult.reason);
    expect(deepResult.problems.some((p) => p.kind === "too-deep")).toBe(true);
    expect(feedsOf(deepResult.document).feeds).toHaveLength(1);

    const many = `<opml version="2.0"><body>${Array.from(
      { length: 20_000 },
      (_, i) => `<outline text="f${i}" xmlUrl="https://h${i % 50}.example/${i}"/>`,
    ).join("\n")}</body></opml>`;
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    const reading = readOpml(many);
    const result = await reading;
    clearInterval(timer);
    if (!result.ok) throw new Error(result.reason);
    expect(feedsOf(result.document).feeds).toHaveLength(20_000);
    // The timer ran while the file was read: the reader gave the event loop turns.
    expect(ticks).toBeGreaterThan(0);
  });
});
