import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { IngestedFeed } from "../../../server/feed-model.ts";
import { decodeBytes } from "../../../server/ingest/decode.ts";
import { IngestError } from "../../../server/ingest/errors.ts";
import { MAX_FEED_ITEMS } from "../../../server/ingest/limits.ts";
import { ingestBody } from "../../../server/ingest/pipeline.ts";
import { sanitizeHtml } from "../../../server/ingest/sanitize.ts";
import { fixturePath, listFixtures } from "../fixtures.ts";
import { safetyViolations } from "../html-safety.ts";
import { type DocumentFacts, documentFacts } from "./document-facts.ts";
import type { FieldCheck } from "./json-feed-checks.ts";
import { forEachFile, Tally } from "./score.ts";

/**
 * Real-world documents with no expected output files: RSParser's resources
 * (rsparser-realworld/SOURCE.md) and Miniflux's reader test data (miniflux/SOURCE.md). Each
 * scorer walks whatever its folder holds and checks our output against what the document
 * itself says (read apart from our pipeline, document-facts.ts): the rules RSParser's and
 * Miniflux's tests assert, made general (pages are not feeds, non-permalink guids are never
 * URLs, items keep their content, authors, dates and enclosures, text decodes cleanly, HTML
 * sanitizes safely and idempotently). Gated on the share of mappable checks met.
 */
const FEED_URL = "https://example.com/feed";
/** Every file of a corpus but its notes and licence, and expected outputs (`X.html-result`). */
const dataFiles = (corpus: string) =>
  listFixtures(corpus, /./).filter((file) => !/(?:SOURCE\.md|LICENSE|\.html-result)$/.test(file));

function ingest(bytes: Buffer): IngestedFeed | IngestError {
  try {
    return ingestBody(bytes, { url: FEED_URL });
  } catch (error) {
    if (error instanceof IngestError) return error;
    throw error;
  }
}

function report(tally: Tally, name: string) {
  console.log(`${tally.line(name)}\n${tally.reasons()}`);
  if (tally.failed.length > 0)
    console.log(`  failed:\n${tally.failed.map((f) => `    ${f}`).join("\n")}`);
}

describe("real-world documents", () => {
  it("rsparser-realworld: feeds and pages checked against what they say", {
    timeout: 60_000,
  }, () => {
    const root = fixturePath("rsparser-realworld");
    const files = dataFiles("rsparser-realworld");
    const tally = new Tally();
    tally.files = files.length;
    forEachFile(tally, files, (file) => {
      const name = path.relative(root, file).split(path.sep).pop()!;
      const bytes = fs.readFileSync(file);
      const facts = documentFacts(decodeBytes(bytes).text);
      for (const check of feedChecks(name, facts, ingest(bytes))) tally.check(check);
    });
    report(tally, "rsparser-realworld");
    expect(tally.mappable).toBeGreaterThan(0);
    expect(tally.rate).toBeGreaterThanOrEqual(0.9);
  });

  it("miniflux: feeds parse, text decodes cleanly, pages sanitize safely and idempotently", {
    timeout: 60_000,
  }, () => {
    const root = fixturePath("miniflux");
    const files = dataFiles("miniflux");
    const tally = new Tally();
    tally.files = files.length;
    forEachFile(tally, files, (file) => {
      const name = path.relative(root, file);
      const bytes = fs.readFileSync(file);
      if (fs.existsSync(`${file}-result`)) {
        tally.check({
          label: `${name}: CSS selector extraction`,
          unmappable: "CSS-selector scraping rules are not a feature of ours",
        });
        return;
      }
      const text = decodeBytes(bytes).text;
      tally.check({ label: `${name}: decodes cleanly`, ok: cleanText(text) });
      if (/\.html?$/i.test(file)) {
        const started = performance.now();
        const once = sanitizeHtml(text, FEED_URL);
        const ms = performance.now() - started;
        console.log(
          `[sanitize] ${name}: ${(text.length / 1024).toFixed(0)} KB -> ${(once.length / 1024).toFixed(0)} KB in ${ms.toFixed(0)} ms`,
        );
        tally.check({
          label: `${name}: sanitized safely`,
          ok: safetyViolations(once).length === 0,
        });
        tally.check({
          label: `${name}: sanitizing is idempotent`,
          ok: sanitizeHtml(once, FEED_URL) === once,
        });
        return;
      }
      const facts = documentFacts(text);
      if (facts.kind === "other") return; // plain XML documents: only their decoding is checked
      const result = ingest(bytes);
      for (const check of feedChecks(name, facts, result)) tally.check(check);
      if (!(result instanceof IngestError)) {
        const texts = [result.feed.title, ...result.entries.map((e) => e.title)];
        tally.check({
          label: `${name}: titles decode cleanly`,
          ok: texts.every((t) => t === null || cleanText(t)),
        });
      }
    });
    report(tally, "miniflux");
    expect(tally.mappable).toBeGreaterThan(0);
    expect(tally.rate).toBeGreaterThanOrEqual(0.9);
  });
});

/** No replacement characters and no UTF-8 read as Latin-1 ("Ã©" for "é"). */
function cleanText(text: string): boolean {
  return !text.includes("\uFFFD") && !/[ÃÂ][\u0080-\u00bf]/.test(text);
}

const FORMAT_OF = { rss: "rss", rdf: "rdf", atom: "atom" } as const;

/** Checks of one document's ingestion against its facts; rules with nothing to test are left out. */
function feedChecks(
  name: string,
  facts: DocumentFacts,
  result: IngestedFeed | IngestError,
): FieldCheck[] {
  if (facts.kind === "html" || facts.kind === "other")
    return [
      {
        label: `${name}: not a feed, refused with 2004`,
        ok: result instanceof IngestError && result.code === 2004,
      },
    ];
  if (result instanceof IngestError)
    return [{ label: `${name}: ingested (${result.reason})`, ok: false }];
  const checks: FieldCheck[] = [];
  const add = (rule: string, ok: boolean) => checks.push({ label: `${name}: ${rule}`, ok });
  const entries = result.entries;
  const pairs = facts.items
    .slice(0, entries.length)
    .map((item, i) => ({ item, entry: entries[i]! }));
  const share = (list: typeof pairs, ok: (p: (typeof pairs)[number]) => boolean) =>
    list.filter(ok).length >= list.length * 0.9;

  add(`format ${facts.kind}`, result.format === FORMAT_OF[facts.kind]);
  if (facts.title) add("feed title", Boolean(result.feed.title));
  add(
    `${facts.items.length} entries, one per item`,
    entries.length === Math.min(facts.items.length, MAX_FEED_ITEMS),
  );
  if (entries.length > 0) {
    add(
      "every entry has an id",
      entries.every((e) => e.guid.length > 0),
    );
    add(
      "entry URLs are absolute http(s) URLs",
      entries.every((e) => e.url === null || /^https?:\/\//.test(e.url)),
    );
  }
  const dated = pairs.filter((p) => p.item.hasDate);
  if (dated.length > 0)
    add(
      "dated items have a date (90%)",
      share(dated, (p) => p.entry.publishedAt !== null),
    );
  const opaque = pairs.filter(
    (p) =>
      p.item.guid &&
      !p.item.hasLink &&
      (!p.item.guidIsPermaLink || !/^https?:\/\//i.test(p.item.guid)),
  );
  if (opaque.length > 0)
    add(
      "guids that are not permalinks are never the URL",
      opaque.every((p) => p.entry.url === null || p.entry.url !== p.item.guid),
    );
  const withContent = pairs.filter((p) => p.item.hasContent);
  if (withContent.length > 0)
    add(
      "items with a description or content keep it",
      withContent.every((p) => p.entry.content !== null),
    );
  const withAuthor = pairs.filter((p) => p.item.hasAuthorName);
  if (withAuthor.length > 0)
    add(
      "items naming an author keep it",
      share(withAuthor, (p) => p.entry.author !== null),
    );
  const withEnclosures = pairs.filter((p) => p.item.enclosures > 0);
  if (withEnclosures.length > 0)
    add(
      "enclosures are attachments",
      withEnclosures.every((p) => p.entry.attachments.length >= 1),
    );
  return checks;
}
