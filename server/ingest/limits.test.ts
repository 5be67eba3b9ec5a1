import { describe, expect, it } from "vitest";
import {
  hugeAuthor,
  hugeContent,
  hugeDescription,
  hugeTitle,
  hugeUrl,
  manyCategories,
} from "../../tests/ingest/hostile-feeds.ts";
import {
  capBytes,
  capText,
  MAX_AUTHOR_CHARS,
  MAX_CATEGORIES,
  MAX_CATEGORY_CHARS,
  MAX_CONTENT_BYTES,
  MAX_ENTRY_TITLE_CHARS,
  MAX_FEED_DESCRIPTION_CHARS,
  MAX_FEED_TITLE_CHARS,
  MAX_GUID_CHARS,
} from "./limits.ts";
import { ingestBody } from "./pipeline.ts";

const FEED_URL = "http://127.0.0.1/feed.xml";
const ingest = (text: string) => ingestBody(Buffer.from(text), { url: FEED_URL });

describe("stored field caps, applied at normalize", () => {
  it("cuts feed and entry titles", () => {
    const { feed, entries } = ingest(hugeTitle());
    expect(feed.title).toHaveLength(MAX_FEED_TITLE_CHARS);
    expect(entries[0]!.title).toHaveLength(MAX_ENTRY_TITLE_CHARS);
  });

  it("cuts the feed description and keeps the entry excerpt short", () => {
    const { feed, entries } = ingest(hugeDescription());
    expect(feed.description).toHaveLength(MAX_FEED_DESCRIPTION_CHARS);
    expect(entries[0]!.description!.length).toBeLessThanOrEqual(301);
    expect(Buffer.byteLength(entries[0]!.content!)).toBeLessThanOrEqual(MAX_CONTENT_BYTES);
  });

  it("cuts authors and categories, and keeps few categories", () => {
    expect(ingest(hugeAuthor()).entries[0]!.author).toHaveLength(MAX_AUTHOR_CHARS);
    const { categories } = ingest(manyCategories()).entries[0]!;
    expect(categories).toHaveLength(MAX_CATEGORIES);
    expect(categories[0]).toHaveLength(MAX_CATEGORY_CHARS);
    expect(categories[1]).toBe("tag-0");
  });

  it("caps content by UTF-8 bytes, before and after sanitizing", () => {
    const { entries } = ingest(hugeContent());
    const bytes = Buffer.byteLength(entries[0]!.content!);
    expect(bytes).toBeLessThanOrEqual(MAX_CONTENT_BYTES);
    expect(bytes).toBeGreaterThan(MAX_CONTENT_BYTES * 0.9);
    expect(entries[0]!.content).not.toContain("\ufffd");
  });

  it("drops URLs too long to store instead of cutting them", () => {
    const { feed, entries } = ingest(hugeUrl());
    expect(feed.siteUrl).toBeNull();
    expect(entries[0]!.attachments).toEqual([]);
    expect(entries[0]!.url).toBe("http://127.0.0.1/hostile/1");
  });

  it("stores an over-long guid as its hash", () => {
    const longId = `urn:${"g".repeat(5000)}`;
    const { entries } = ingest(
      `<rss version="2.0"><channel><title>t</title><item><guid isPermaLink="false">${longId}</guid><title>x</title></item></channel></rss>`,
    );
    expect(entries[0]!.guid).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(entries[0]!.guid.length).toBeLessThanOrEqual(MAX_GUID_CHARS);
  });

  it("cut helpers never split a character", () => {
    expect(capText("ab😀", 3)).toBe("ab");
    expect(capBytes("éé", 3)).toBe("é");
    expect(capBytes("<p>x<a href='y'>", 12)).toBe("<p>x");
  });
});
