import { describe, expect, it } from "vitest";
import { ingestBody } from "./pipeline.ts";

/**
 * Relative references resolve as XML Base says (RFC 3986 against the nearest xml:base, each
 * xml:base itself resolved against its parent's, the outermost against the document URL);
 * entry link relations besides "alternate" are kept with their rel; a person's URL is kept
 * without a name.
 */
const FEED_URL = "https://feeds.example/blog/atom.xml";
const ingest = (text: string) => ingestBody(text, { url: FEED_URL });

describe("relative ids and links", () => {
  it("Atom: nested xml:base on feed and entry, for the link and a relative id", () => {
    const [entry] = ingest(
      '<feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://site.example/root/"><title>T</title><entry xml:base="posts/"><id>/ids/42</id><link href="first.html"/></entry></feed>',
    ).entries;
    expect(entry?.url).toBe("https://site.example/root/posts/first.html");
    expect(entry?.guid).toBe("https://site.example/ids/42");
  });

  it("Atom: an xml:base on the link or the author element itself applies to it", () => {
    const [entry] = ingest(
      '<feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://site.example/root/"><title>T</title><entry xml:base="e/"><id>urn:1</id><link xml:base="/links/" href="a.html"/><link rel="related" href="r.html"/><author xml:base="/people/"><name>Bo</name><uri>bo</uri></author><content type="html" xml:base="/c/">&lt;a href="x"&gt;x&lt;/a&gt;</content></entry></feed>',
    ).entries;
    expect(entry?.url).toBe("https://site.example/links/a.html");
    expect(entry?.extra?.links).toEqual([
      { url: "https://site.example/root/e/r.html", rel: "related" },
    ]);
    expect(entry?.authorUrl).toBe("https://site.example/people/bo");
    expect(entry?.content).toContain('href="https://site.example/c/x"');
  });

  it("Atom: without xml:base, against the document URL", () => {
    const [entry] = ingest(
      '<feed xmlns="http://www.w3.org/2005/Atom"><title>T</title><entry><id>../entries/7</id><link href="7.html"/></entry></feed>',
    ).entries;
    expect(entry?.url).toBe("https://feeds.example/blog/7.html");
    expect(entry?.guid).toBe("https://feeds.example/entries/7");
  });

  it("ids that are not relative references stay as written", () => {
    const ids = ingest(
      '<feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://site.example/"><title>T</title><entry><id>tag:site.example,2024:1</id><title>a</title></entry><entry><id>urn:uuid:1225c695-cfb8-4ebb-aaaa-80da344efa6a</id><title>b</title></entry><entry><id>12345</id><title>c</title></entry></feed>',
    ).entries.map((e) => e.guid);
    expect(ids).toEqual([
      "tag:site.example,2024:1",
      "urn:uuid:1225c695-cfb8-4ebb-aaaa-80da344efa6a",
      "12345",
    ]);
  });

  it("RSS: xml:base on the channel and the item; a permalink guid is a URL reference", () => {
    const [entry] = ingest(
      '<rss version="2.0"><channel xml:base="https://site.example/blog/"><title>T</title><item xml:base="2024/"><guid>/p/9</guid><title>x</title></item></channel></rss>',
    ).entries;
    expect(entry?.guid).toBe("https://site.example/p/9");
    expect(entry?.url).toBe("https://site.example/p/9");
  });

  it("RSS: a guid with isPermaLink=false is never resolved or used as the URL", () => {
    const [entry] = ingest(
      '<rss version="2.0"><channel xml:base="https://site.example/"><title>T</title><item><guid isPermaLink="false">/internal/9</guid><link>a.html</link></item></channel></rss>',
    ).entries;
    expect(entry?.guid).toBe("/internal/9");
    expect(entry?.url).toBe("https://site.example/a.html");
  });
});

describe("entry link relations", () => {
  it("Atom related, via and replies links are kept with their rel; enclosures are attachments", () => {
    const [entry] = ingest(
      '<feed xmlns="http://www.w3.org/2005/Atom"><title>T</title><entry><id>urn:1</id><link rel="alternate" href="/a"/><link rel="related" href="/r"/><link rel="via" href="https://source.example/"/><link rel="replies" type="application/atom+xml" href="/a/comments.xml"/><link rel="enclosure" type="audio/mpeg" length="1234" href="/a.mp3"/></entry></feed>',
    ).entries;
    expect(entry?.url).toBe("https://feeds.example/a");
    expect(entry?.extra?.links).toEqual([
      { url: "https://feeds.example/r", rel: "related" },
      { url: "https://source.example/", rel: "via" },
      { url: "https://feeds.example/a/comments.xml", rel: "replies", type: "application/atom+xml" },
    ]);
    expect(entry?.attachments).toEqual([
      { url: "https://feeds.example/a.mp3", mimeType: "audio/mpeg", sizeInBytes: 1234 },
    ]);
  });

  it("RSS comments, wfw:commentRss and source become replies and via links", () => {
    const [entry] = ingest(
      '<rss version="2.0" xmlns:wfw="http://wellformedweb.org/CommentAPI/"><channel><title>T</title><link>https://site.example/</link><item><link>/p</link><comments>/p#comments</comments><wfw:commentRss>/p/feed</wfw:commentRss><source url="https://origin.example/rss">Origin</source></item></channel></rss>',
    ).entries;
    expect(entry?.extra?.links).toEqual([
      { url: "https://site.example/p#comments", rel: "replies", type: "text/html" },
      { url: "https://site.example/p/feed", rel: "replies", type: "application/rss+xml" },
      { url: "https://origin.example/rss", rel: "via", title: "Origin" },
    ]);
  });
});

describe("people", () => {
  it("an author with a URL but no name keeps the URL", () => {
    const entries = ingest(
      '<feed xmlns="http://www.w3.org/2005/Atom"><title>T</title><entry><id>urn:1</id><author><uri>/people/ann</uri></author></entry></feed>',
    ).entries;
    expect(entries[0]).toMatchObject({
      author: null,
      authorUrl: "https://feeds.example/people/ann",
    });
    const rss = ingest(
      '<rss version="2.0"><channel><title>T</title><item><title>x</title><author>https://people.example/bo</author></item></channel></rss>',
    ).entries;
    expect(rss[0]).toMatchObject({ author: null, authorUrl: "https://people.example/bo" });
  });

  it("an item's dc:author is its author when it names no other", () => {
    const entries = ingest(
      '<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>T</title><item><title>a</title><dc:author>Dee</dc:author></item><item><title>b</title><author>bo@example.com (Bo)</author><dc:author>Ignored</dc:author></item></channel></rss>',
    ).entries;
    expect(entries.map((e) => e.author)).toEqual(["Dee", "Bo"]);
  });

  it("Atom 0.3 person url, and the older homepage, are the author's URL", () => {
    const entries = ingest(
      '<feed version="0.3" xmlns="http://purl.org/atom/ns#"><title>T</title><entry><id>urn:1</id><author><name>A</name><url>https://a.example/</url></author></entry><entry><id>urn:2</id><author><name>B</name><homepage>https://b.example/</homepage></author></entry></feed>',
    ).entries;
    expect(entries.map((e) => [e.author, e.authorUrl])).toEqual([
      ["A", "https://a.example/"],
      ["B", "https://b.example/"],
    ]);
  });
});
