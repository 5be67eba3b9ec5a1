import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeOpmlBytes } from "../../contract/opml-bytes.ts";
import { fixturePath, readFixture } from "../../tests/ingest/fixtures.ts";
import { Tally } from "../../tests/ingest/scoring/score.ts";
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

/**
 * What a file says about itself, read apart from the reader with plain patterns: whether it
 * is an OPML document the reader must accept (an `<opml>` root, or bare outlines, of version
 * 1.0, 1.1 or 2.0, with at least one outline), its head title, and how many outlines name a
 * feed (an xmlUrl, or a url on an outline typed rss or atom).
 */
interface OpmlFacts {
  acceptable: boolean;
  title: string | null;
  feedOutlines: number;
}

function opmlFacts(text: string): OpmlFacts {
  const body = text.replace(/<!--[\s\S]*?-->/g, "");
  const root = /^(?:\s+|<\?[\s\S]*?\?>|<!DOCTYPE[^>]*>)*<([\w:.-]+)/i.exec(body)?.[1];
  const version = /<opml\b[^>]*?\sversion\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(body);
  const versionText = version ? (version[1] ?? version[2] ?? "").trim() : null;
  const outlines = body.match(/<outline\b(?:[^>"']|"[^"]*"|'[^']*')*>/gi) ?? [];
  const feedOutlines = outlines.filter((tag) => {
    const attribute = (name: string) =>
      new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, "i").exec(tag);
    const value = (m: RegExpExecArray | null) => (m ? (m[1] ?? m[2] ?? "").trim() : "");
    if (value(attribute("xmlurl"))) return true;
    return /^(rss|atom)$/i.test(value(attribute("type"))) && value(attribute("url")) !== "";
  }).length;
  const titleMatch = /<head\b[\s\S]*?<title>([\s\S]*?)<\/title>/i.exec(body);
  const title = titleMatch ? decodeEntities(titleMatch[1]!.trim()) || null : null;
  const acceptable =
    (root === undefined || root.toLowerCase() === "opml" || root.toLowerCase() === "outline"
      ? outlines.length > 0
      : false) &&
    (versionText === null || ["1.0", "1.1", "2.0"].includes(versionText));
  return { acceptable, title, feedOutlines };
}

function decodeEntities(text: string): string {
  const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
  return text
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, "$1")
    .replace(/&(?:#x([\da-f]+)|#(\d+)|(\w+));/gi, (token, hex, dec, name) =>
      hex
        ? String.fromCodePoint(Number.parseInt(hex, 16))
        : dec
          ? String.fromCodePoint(Number(dec))
          : (named[name] ?? token),
    );
}

/** The share of checks the current files meet; a drop below it is a regression. */
const FLOOR = 0.95;

describe("OPML corpus (../shared/fixtures/opml)", () => {
  const files = opmlFiles();

  it("has files to read", () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it("scores every file against what it says; nothing throws", async () => {
    const tally = new Tally();
    tally.files = files.length;
    for (const file of files) {
      let text: string;
      let result: Awaited<ReturnType<typeof readOpml>>;
      try {
        text = decodeOpmlBytes(readFixture("opml", file));
        result = await readOpml(text);
      } catch (error) {
        tally.add(`${file}: read`, { outcome: "failed", detail: `threw ${String(error)}` });
        continue;
      }
      const facts = opmlFacts(text);
      if (!facts.acceptable) {
        tally.check({
          label: `${file}: refused with a reason`,
          ok: !result.ok && result.reason.length > 5,
        });
        continue;
      }
      tally.check({ label: `${file}: reads`, ok: result.ok });
      if (!result.ok) continue;
      const { feeds, problems } = feedsOf(result.document);
      const reported = problems.filter((p) => p.kind === "duplicate" || p.kind === "invalid-url");
      const broken = result.problems.filter((p) => p.kind === "broken-outline").length;
      tally.check({
        label: `${file}: each of its ${facts.feedOutlines} feed outlines is a feed or a reported problem`,
        ok:
          feeds.length + reported.length <= facts.feedOutlines &&
          feeds.length + reported.length + broken >= facts.feedOutlines,
      });
      tally.check({
        label: `${file}: every feed has a URL and a name`,
        ok: feeds.every((f) => f.url.length > 0 && (f.title ?? "").length > 0),
      });
      if (facts.title !== null)
        tally.check({
          label: `${file}: head title`,
          ok: result.document.head.title === facts.title,
        });
      for (const problem of [...result.problems, ...problems])
        tally.check({
          label: `${file}: problem on line ${problem.line} has a code and a line`,
          ok: problem.line > 0 && problem.code > 0 && problem.message.length > 0,
        });
    }
    console.log(tally.line("opml"));
    if (tally.failed.length > 0) console.log(`  failed:\n    ${tally.failed.join("\n    ")}`);
    expect(tally.mappable).toBeGreaterThan(0);
    expect(tally.rate).toBeGreaterThanOrEqual(FLOOR);
  });

  it("writes each spec example exactly as its marshal twin (CR endings, ISO-8859-1 in)", async () => {
    // A spec example is written back when this copy of the corpus holds its marshal twin.
    const pairs = files.filter(
      (f) =>
        f.includes("/spec/unmarshal/") && files.includes(f.replace("/unmarshal/", "/marshal/")),
    );
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
    // The largest file the corpus holds, as a sample to cut.
    const largest = [...opmlFiles()].sort(
      (a, b) => statSync(join(OPML_DIR, b)).size - statSync(join(OPML_DIR, a)).size,
    )[0]!;
    const sample = decodeOpmlBytes(readFixture("opml", largest));
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
