import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { corpusRelative, listFixtures } from "../../tests/ingest/fixtures.ts";
import { IngestError } from "./errors.ts";
import { ingestBody } from "./pipeline.ts";

/**
 * Robustness: every feed-like file of the shared corpora goes through the post-fetch pipeline
 * and either yields a feed or fails with a coded 2004 — never anything else. The slowest file
 * is reported (speed itself is measured by `npm run bench`, not asserted here).
 */
const CORPORA = ["feedparser", "feedvalidator", "jsonfeed", "miniflux", "rsparser-realworld"];
const FEED_LIKE = /\.(?:xml|rss|atom|rdf|json|html|opml)$/i;

describe("corpus robustness", () => {
  for (const corpus of CORPORA) {
    it(`${corpus}: every file parses or fails with code 2004`, { timeout: 60_000 }, () => {
      const files = listFixtures(corpus, FEED_LIKE);
      expect(files.length).toBeGreaterThan(0);
      const tally = { ok: 0, notAFeed: 0, malformed: 0, entries: 0 };
      const unexpected: string[] = [];
      let slowest = { file: "", ms: 0 };
      for (const file of files) {
        const started = performance.now();
        try {
          const result = ingestBody(fs.readFileSync(file), { url: "http://example.com/feed" });
          tally.ok++;
          tally.entries += result.entries.length;
        } catch (error) {
          if (error instanceof IngestError && error.code === 2004 && error.reason) {
            if (error.kind === "not-a-feed") tally.notAFeed++;
            else tally.malformed++;
          } else {
            unexpected.push(`${corpusRelative(file)}: ${String(error)}`);
          }
        }
        const ms = performance.now() - started;
        if (ms > slowest.ms) slowest = { file: corpusRelative(file), ms };
      }
      console.log(
        `[corpus] ${corpus}: ${files.length} files, ${tally.ok} parsed (${tally.entries} entries), ` +
          `${tally.notAFeed} not a feed (2004), ${tally.malformed} malformed (2004), ` +
          `${unexpected.length} unexpected; slowest ${slowest.file} ${slowest.ms.toFixed(0)} ms`,
      );
      console.log(
        `[score] ${corpus} robustness: ${files.length - unexpected.length} / ${files.length} files parsed or refused with 2004`,
      );
      expect(unexpected).toEqual([]);
    });
  }
});
