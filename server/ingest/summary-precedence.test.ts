import { describe, expect, it } from "vitest";
import { summaryAndContent } from "./adapters/summary-precedence.ts";
import { ingestBody } from "./pipeline.ts";

/**
 * Summary vs content, by feedparser's documented rule (docs, entries[i].summary): "Some feeds
 * include both a summary and description element for each entry. In this case, the first
 * element will be available in entry['summary'] and the second will be available in
 * entry['content'][0]." Content elements (content:encoded, Atom content) are always content.
 * Our description is the summary's text (else the content's); our content is the content
 * (else the summary).
 */
const NS =
  'xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:media="http://search.yahoo.com/mrss/" xmlns:dc="http://purl.org/dc/elements/1.1/"';
const rssItem = (inner: string) =>
  ingestBody(
    `<rss version="2.0" ${NS}><channel><title>T</title><item><guid>g</guid>${inner}</item></channel></rss>`,
    {
      url: "https://example.com/feed",
    },
  ).entries[0]!;
const atomEntry = (inner: string) =>
  ingestBody(
    `<feed xmlns="http://www.w3.org/2005/Atom" ${NS}><title>T</title><entry><id>urn:x</id>${inner}</entry></feed>`,
    { url: "https://example.com/feed" },
  ).entries[0]!;

describe("summary and content precedence (RSS)", () => {
  it("description with content:encoded: description is the summary, in either order", () => {
    for (const inner of [
      "<description>Short</description><content:encoded>&lt;p&gt;Full&lt;/p&gt;</content:encoded>",
      "<content:encoded>&lt;p&gt;Full&lt;/p&gt;</content:encoded><description>Short</description>",
    ]) {
      const entry = rssItem(inner);
      expect(entry.description).toBe("Short");
      expect(entry.content).toBe("<p>Full</p>");
    }
  });

  it("two summary-like elements: the first is the summary, the second the content", () => {
    const first = rssItem(
      "<description>From description</description><itunes:summary>From iTunes</itunes:summary>",
    );
    expect(first.description).toBe("From description");
    expect(first.content).toContain("From iTunes");
    const reversed = rssItem(
      "<itunes:summary>From iTunes</itunes:summary><description>From description</description>",
    );
    expect(reversed.description).toBe("From iTunes");
    expect(reversed.content).toContain("From description");
  });

  it("media:description and dc:description take part like any summary-like element", () => {
    const media = rssItem(
      "<media:description>Media words</media:description><description>Description words</description>",
    );
    expect(media.description).toBe("Media words");
    expect(media.content).toContain("Description words");
    const dc = rssItem(
      "<dc:description>DC words</dc:description><itunes:summary>iTunes words</itunes:summary>",
    );
    expect(dc.description).toBe("DC words");
    expect(dc.content).toContain("iTunes words");
  });

  it("once there is content, a later summary-like element replaces the summary", () => {
    const entry = rssItem(
      "<description>First</description><content:encoded>Body</content:encoded><itunes:summary>Last</itunes:summary>",
    );
    expect(entry.content).toContain("Body");
    expect(entry.description).toBe("Last");
  });

  it("a single summary-like element is both the summary and, lacking content, the content", () => {
    const entry = rssItem("<itunes:summary>Only this</itunes:summary>");
    expect(entry.description).toBe("Only this");
    expect(entry.content).toContain("Only this");
  });
});

describe("summary and content precedence (Atom)", () => {
  it("summary and content keep their roles; extra summary-like elements follow the rule", () => {
    const plain = atomEntry(
      '<summary>Sum</summary><content type="html">&lt;b&gt;Body&lt;/b&gt;</content>',
    );
    expect(plain.description).toBe("Sum");
    expect(plain.content).toBe("<b>Body</b>");
    const withMedia = atomEntry(
      "<summary>Sum</summary><media:group><media:description>Media</media:description></media:group>",
    );
    expect(withMedia.description).toBe("Sum");
    expect(withMedia.content).toContain("Media");
  });

  it("media:description alone (as video sites write entries) is the summary", () => {
    const entry = atomEntry(
      "<media:group><media:description>Video notes</media:description></media:group>",
    );
    expect(entry.description).toBe("Video notes");
  });
});

describe("summaryAndContent", () => {
  const text = (value: string) => ({ value });
  it("without an order falls back to the usual roles", () => {
    const candidates = new Map([
      ["itunes:summary", text("i")],
      ["description", text("d")],
      ["content:encoded", text("c")],
    ]);
    expect(summaryAndContent(candidates, null)).toEqual({ summary: text("d"), content: text("c") });
  });

  it("a deeper summary-like element never replaces a shallower summary", () => {
    const candidates = new Map([
      ["description", text("d")],
      ["content:encoded", text("c")],
      ["media:description", text("m")],
    ]);
    const order = [
      { name: "description", depth: 1 },
      { name: "content:encoded", depth: 1 },
      { name: "media:description", depth: 2 },
    ];
    expect(summaryAndContent(candidates, order)).toEqual({
      summary: text("d"),
      content: text("c"),
    });
  });
});
