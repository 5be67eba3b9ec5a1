import { describe, expect, it } from "vitest";
import { decodeBytes } from "../../../server/ingest/decode.ts";
import { IngestError } from "../../../server/ingest/errors.ts";
import type { IngestedFeed } from "../../../server/ingest/model.ts";
import { ingestBody } from "../../../server/ingest/pipeline.ts";
import { sanitizeHtml } from "../../../server/ingest/sanitize.ts";
import { readFixture } from "../fixtures.ts";
import { safetyViolations } from "../html-safety.ts";
import { checkFields, type FieldCheck } from "./json-feed-checks.ts";

/**
 * Real-world feeds: RSParser's assertions (rsparser-realworld/SOURCE.md) and Miniflux's parser
 * and sanitizer data (miniflux/SOURCE.md), checked on our normalized model.
 */
const RESOURCES = ["rsparser-realworld", "Tests", "RSParserTests", "Resources"];

function ingest(name: string, url = "https://example.com/feed"): IngestedFeed | IngestError {
  try {
    return ingestBody(readFixture(...RESOURCES, name), { url });
  } catch (error) {
    if (error instanceof IngestError) return error;
    throw error;
  }
}

function feed(name: string, url?: string): IngestedFeed {
  const result = ingest(name, url);
  if (result instanceof IngestError) throw new Error(`${name}: ${result.reason}`);
  return result;
}

describe("real-world feeds", () => {
  it("rsparser-realworld: RSParser's assertions", { timeout: 30_000 }, () => {
    const checks: FieldCheck[] = [];
    for (const name of ["DaringFireball.html", "inessential.html", "sixcolors.html"]) {
      const result = ingest(name);
      checks.push({
        label: `${name}: not a feed (2004)`,
        ok: result instanceof IngestError && result.code === 2004 && result.kind === "not-a-feed",
      });
    }
    const rss = [
      "EMarley.rss",
      "scriptingNews.rss",
      "KatieFloyd.rss",
      "dcrainmaker.xml",
      "macworld.rss",
      "donthitsave.xml",
      "phpxml.rss",
      "489.rss",
    ];
    for (const name of rss) checks.push({ label: `${name}: RSS`, ok: feed(name).format === "rss" });
    checks.push({ label: "bio.rdf: RSS 1.0 (RDF)", ok: feed("bio.rdf").format === "rdf" });
    for (const name of ["DaringFireball.rss", "OneFootTsunami.atom"])
      checks.push({ label: `${name}: Atom`, ok: feed(name).format === "atom" });

    const macworld = feed("macworld.rss").entries;
    checks.push({
      label: "macworld.rss: every item has an id",
      ok: macworld.length > 0 && macworld.every((e) => e.guid.length > 0),
    });
    checks.push({
      label: "macworld.rss: every item has an author name",
      ok: macworld.every((e) => Boolean(e.author)),
    });
    checks.push({
      label: "macworld.rss: no author URL",
      ok: macworld.every((e) => e.authorUrl === null),
    });
    checks.push({ label: "macworld.rss: author e-mail", unmappable: "author e-mail not kept" });

    const monkeydom = feed("monkeydom.rss").entries;
    // RSParser's "URL" is the guid-as-permalink: ours must never come from these non-URL guids.
    checks.push({
      label: "monkeydom.rss: non-URL guids kept as ids, never used as the URL",
      ok:
        monkeydom.length > 0 &&
        monkeydom.every(
          (e) =>
            e.guid.startsWith("cocoa-dom:") &&
            e.url !== e.guid &&
            (e.url === null || e.url.startsWith("http")),
        ),
    });

    const atp = feed("atp.rss").entries;
    checks.push({
      label: "atp.rss: every item has HTML content",
      ok: atp.length > 0 && atp.every((e) => Boolean(e.content)),
    });

    const livemint = feed("livemint.xml", "https://www.livemint.com/rss/news").entries;
    checks.push({
      label: "livemint.xml: guids are not permalinks (URL is the link, never the guid)",
      ok:
        livemint.length > 0 &&
        livemint.every(
          (e) =>
            e.url === null ||
            (e.url.startsWith("https://www.livemint.com/") && !e.url.endsWith(e.guid)),
        ),
    });
    checks.push({
      label: "rubenerd.rss: feed title with a <textInput>",
      ok: feed("rubenerd.rss").feed.title === "Rubenerd",
    });

    const daring = feed("DaringFireball.atom").entries;
    const authors = new Map([
      ["Daring Fireball Department of Commerce", null],
      ["John Gruber", "http://daringfireball.net/"],
    ]);
    checks.push({
      label: "DaringFireball.atom: every entry has a URL",
      ok: daring.length > 0 && daring.every((e) => e.url !== null),
    });
    checks.push({
      label: "DaringFireball.atom: ids tag:daringfireball.net,2017:/",
      ok: daring.every((e) => e.guid.startsWith("tag:daringfireball.net,2017:/")),
    });
    checks.push({
      label: "DaringFireball.atom: one known author each",
      ok: daring.every(
        (e) => authors.has(e.author ?? "") && authors.get(e.author ?? "") === e.authorUrl,
      ),
    });
    checks.push({
      label: "DaringFireball.atom: published dates",
      ok: daring.every((e) => e.publishedAt !== null),
    });
    checks.push({
      label: "DaringFireball.atom: no attachments",
      ok: daring.every((e) => e.attachments.length === 0),
    });
    checks.push({
      label: "DaringFireball.atom: language en",
      ok: daring.every((e) => e.language === "en"),
    });

    const blogger = feed("4fsodonline.atom").entries;
    checks.push({
      label: "4fsodonline.atom: video attachment per entry",
      ok:
        blogger.length > 0 &&
        blogger.every(
          (e) =>
            e.attachments[0]?.url.startsWith("http://www.blogger.com/video-play.mp4?") &&
            e.attachments[0].mimeType === "video/mp4" &&
            e.attachments[0].sizeInBytes === undefined,
        ),
    });
    const podcast = feed("expertopinionent.atom").entries.filter((e) => e.attachments.length > 0);
    checks.push({
      label: "expertopinionent.atom: one mp3 attachment",
      ok:
        podcast.length > 0 &&
        podcast.every(
          (e) =>
            e.attachments.length === 1 &&
            e.attachments[0]!.url.endsWith(".mp3") &&
            e.attachments[0]!.mimeType === "audio/mpeg" &&
            e.attachments[0]!.sizeInBytes === undefined,
        ),
    });

    // Structural sanity on every parseable file: a title, entries, absolute links, dates.
    for (const name of [
      ...rss,
      "bio.rdf",
      "DaringFireball.rss",
      "OneFootTsunami.atom",
      "monkeydom.rss",
      "atp.rss",
      "rubenerd.rss",
      "4fsodonline.atom",
      "expertopinionent.atom",
      "livemint.xml",
    ]) {
      const result = feed(name);
      const entries = result.entries;
      checks.push({
        label: `${name}: title, entries, absolute http(s) URLs, parseable dates`,
        ok:
          Boolean(result.feed.title) &&
          entries.length > 0 &&
          entries.every((e) => e.url === null || /^https?:\/\//.test(e.url)) &&
          entries.filter((e) => e.publishedAt).length >= entries.length * 0.9,
      });
    }

    const { passed, failed, unmappable } = checkFields(checks);
    console.log(
      `[score] rsparser-realworld: ${passed} checks passed, ${failed.length} failed, ${unmappable.length} unmappable (${unmappable.join("; ")})`,
    );
    if (failed.length > 0) console.log(`  failed:\n${failed.map((f) => `    ${f}`).join("\n")}`);
    expect(failed).toEqual([]);
  });

  it("miniflux: parser benchmark feeds parse, sanitizer pages stay safe and idempotent", {
    timeout: 30_000,
  }, () => {
    const dir = ["miniflux", "internal", "reader"];
    const large = ingestBody(readFixture(...dir, "parser", "testdata", "large_rss.xml"), {
      url: "https://dustri.org/b/feed",
    });
    const small = ingestBody(readFixture(...dir, "parser", "testdata", "small_atom.xml"), {
      url: "https://github.com/miniflux/v2/commits/main.atom",
    });
    expect(large.feed.siteUrl).toBe("https://dustri.org/b/");
    expect(large.entries.length).toBeGreaterThan(0);
    expect(small.format).toBe("atom");
    expect(small.entries.length).toBeGreaterThan(0);
    for (const [file, base] of [
      ["miniflux_github.html", "https://github.com/miniflux/v2"],
      ["miniflux_wikipedia.html", "https://fr.wikipedia.org/wiki/Miniflux"],
    ] as const) {
      const html = decodeBytes(readFixture(...dir, "sanitizer", "testdata", file)).text;
      const started = performance.now();
      const once = sanitizeHtml(html, base);
      const ms = performance.now() - started;
      console.log(
        `[sanitize] miniflux ${file}: ${(html.length / 1024).toFixed(0)} KB -> ${(once.length / 1024).toFixed(0)} KB in ${ms.toFixed(0)} ms`,
      );
      expect(safetyViolations(once)).toEqual([]);
      expect(sanitizeHtml(once, base)).toBe(once);
    }
  });
});
