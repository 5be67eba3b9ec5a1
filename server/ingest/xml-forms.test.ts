import { describe, expect, it } from "vitest";
import { ingestBody } from "./pipeline.ts";

/** XML-level forms: Base64 content (RFC 4287, Atom 0.3), namespaces by URI, entity sets. */
const FEED_URL = "https://example.com/feed.xml";
const ingest = (text: string) => ingestBody(text, { url: FEED_URL });
const base64 = (text: string) => Buffer.from(text, "utf8").toString("base64");

describe("Base64 content", () => {
  it("Atom 1.0 content of a non-text, non-XML MIME type is Base64 (RFC 4287 4.1.3.3)", () => {
    const [entry] = ingest(
      `<feed xmlns="http://www.w3.org/2005/Atom"><title>T</title><entry><id>urn:1</id><content type="application/octet-stream">\n  ${base64("Example <b>Atom</b> – ü")}\n</content></entry></feed>`,
    ).entries;
    expect(entry?.content).toBe("Example <b>Atom</b> – ü");
  });

  it("binary Base64 content is not shown as text", () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    const [entry] = ingest(
      `<feed xmlns="http://www.w3.org/2005/Atom"><title>T</title><entry><id>urn:1</id><summary>Text</summary><content type="image/png">${png.toString("base64")}</content></entry></feed>`,
    ).entries;
    expect(entry?.content).toBe("<p>Text</p>");
  });

  it('Atom 0.3 mode="base64" on content, summary and title', () => {
    const [entry] = ingest(
      `<feed version="0.3" xmlns="http://purl.org/atom/ns#"><title>T</title><entry><id>urn:1</id><title mode="base64">${base64("Decoded title")}</title><summary type="text/plain" mode="base64">${base64("Short & plain")}</summary><content type="text/html" mode="base64">${base64("<p>Full <em>HTML</em></p>")}</content></entry></feed>`,
    ).entries;
    expect(entry?.title).toBe("Decoded title");
    expect(entry?.description).toBe("Short & plain");
    expect(entry?.content).toBe("<p>Full <em>HTML</em></p>");
  });
});

describe("namespaces by URI, not by prefix", () => {
  it("modules bound to unusual prefixes are read", () => {
    const [entry] = ingest(
      '<rss version="2.0" xmlns:dublin="http://purl.org/dc/elements/1.1/" xmlns:c="http://purl.org/rss/1.0/modules/content/" xmlns:pod="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:mrss="http://search.yahoo.com/mrss/"><channel><title>T</title><item><guid>1</guid><dublin:creator>Dee</dublin:creator><dublin:date>2024-01-02T03:04:05Z</dublin:date><c:encoded>&lt;p&gt;Body&lt;/p&gt;</c:encoded><pod:duration>1:00</pod:duration><enclosure url="https://example.com/a.mp3" type="audio/mpeg"/><mrss:thumbnail url="https://example.com/t.jpg"/></item></channel></rss>',
    ).entries;
    expect(entry).toMatchObject({
      author: "Dee",
      content: "<p>Body</p>",
      attachments: [
        { url: "https://example.com/a.mp3", mimeType: "audio/mpeg", durationInSeconds: 60 },
      ],
      media: [{ type: "photo", url: "https://example.com/t.jpg" }],
    });
    expect(entry?.publishedAt?.toISOString()).toBe("2024-01-02T03:04:05.000Z");
  });

  it("RSS 2.0 elements in their own namespace, under a prefix", () => {
    const result = ingest(
      '<r:rss version="2.0" xmlns:r="http://backend.userland.com/rss2"><r:channel><r:title>Prefixed</r:title><r:item><r:title>Item one</r:title><r:link>https://example.com/1</r:link></r:item></r:channel></r:rss>',
    );
    expect(result.feed.title).toBe("Prefixed");
    expect(result.entries.map((e) => [e.title, e.url])).toEqual([
      ["Item one", "https://example.com/1"],
    ]);
  });

  it("a familiar prefix bound to another namespace is not read as that module", () => {
    const [entry] = ingest(
      '<rss version="2.0" xmlns:dc="http://example.com/not-dublin-core/" xmlns:creator="http://purl.org/dc/elements/1.1/"><channel><title>T</title><item><title>x</title><dc:creator>Impostor</dc:creator><creator:creator>Real</creator:creator></item></channel></rss>',
    ).entries;
    expect(entry?.author).toBe("Real");
  });

  it("Atom elements under a prefix, and an Atom namespace prefix in RSS", () => {
    const atom = ingest(
      '<a:feed xmlns:a="http://www.w3.org/2005/Atom"><a:title>A</a:title><a:entry><a:id>urn:1</a:id><a:title>E</a:title><a:link href="/e"/></a:entry></a:feed>',
    );
    expect(atom.entries.map((e) => [e.title, e.url])).toEqual([["E", "https://example.com/e"]]);
    const rss = ingest(
      '<rss version="2.0" xmlns:a10="http://www.w3.org/2005/Atom"><channel><title>T</title><item><title>x</title><a10:link rel="related" href="https://example.com/r"/></item></channel></rss>',
    );
    expect(rss.entries[0]?.extra?.links).toEqual([
      { url: "https://example.com/r", rel: "related" },
    ]);
  });
});

describe("named entities in feed text", () => {
  it("undeclared entities in XML markup mean what HTML 4 / XHTML 1.0 said", () => {
    const result = ingest(
      '<rss version="2.0"><channel><title>a &lang;b&rang; &copy; &eacute; &hellip;</title><item><title>x</title></item></channel></rss>',
    );
    expect(result.feed.title).toBe("a \u2329b\u232a © é …");
  });

  it("escaped HTML and CDATA are HTML, so HTML5's meaning applies there", () => {
    const [entry] = ingest(
      '<rss version="2.0"><channel><title>T</title><item><title>x</title><description>&lt;p&gt;&amp;lang;1&amp;rang;&lt;/p&gt;</description><content:encoded xmlns:content="http://purl.org/rss/1.0/modules/content/"><![CDATA[<p>&lang;2&rang;</p>]]></content:encoded></item></channel></rss>',
    ).entries;
    expect(entry?.description).toBe("\u27e81\u27e9");
    // Content stays HTML: the reference is kept for the browser, never turned into U+2329.
    expect(entry?.content).toMatch(/^<p>(?:&lang;|\u27e8)2(?:&rang;|\u27e9)<\/p>$/);
  });
});

describe("Atom elements borrowed by RSS and RDF", () => {
  const ATOM = 'xmlns:atom="http://www.w3.org/2005/Atom"';

  it("an RSS item's atom:author is its author when it names no other", () => {
    const [borrowed, own] = ingest(
      `<rss version="2.0" ${ATOM}><channel><title>T</title>
        <item><title>a</title><atom:author><atom:name>Ann</atom:name><atom:uri>https://ann.example/</atom:uri></atom:author></item>
        <item><title>b</title><author>bo@example.com (Bo)</author><atom:author><atom:name>Ann</atom:name></atom:author></item>
      </channel></rss>`,
    ).entries;
    expect([borrowed?.author, borrowed?.authorUrl]).toEqual(["Ann", "https://ann.example/"]);
    expect(own?.author).toBe("Bo");
  });

  it("an RDF item's atom:author is its author; a feed-level one the feed's", () => {
    const result = ingest(
      `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" ${ATOM}>
        <channel rdf:about="https://example.com/"><title>T</title><link>https://example.com/</link></channel>
        <item rdf:about="https://example.com/1"><title>i</title><link>https://example.com/1</link><atom:author><atom:name>Bob</atom:name></atom:author></item>
      </rdf:RDF>`,
    );
    expect(result.entries[0]?.author).toBe("Bob");
  });

  it("an RSS channel with atom:title and no <title> takes the Atom title", () => {
    const { feed } = ingest(
      `<rss version="2.0" ${ATOM}><channel><atom:title type="html">News &amp;amp; notes</atom:title><link>https://example.com/</link><item><title>i</title></item></channel></rss>`,
    );
    expect(feed.title).toBe("News & notes");
  });

  it("an RSS channel's own <title> wins over atom:title", () => {
    const { feed } = ingest(
      `<rss version="2.0" ${ATOM}><channel><title>Own</title><atom:title>Atom</atom:title></channel></rss>`,
    );
    expect(feed.title).toBe("Own");
  });
});

describe("RSS <author> text", () => {
  const authorOf = (author: string) =>
    ingest(
      `<rss version="2.0"><channel><title>T</title><item><title>i</title><author>${author}</author></item></channel></rss>`,
    ).entries[0]?.author;

  it("square brackets in a name stay as written", () => {
    expect(authorOf("[Example] Author")).toBe("[Example] Author");
    expect(authorOf("Team[1] Writer")).toBe("Team[1] Writer");
  });

  it("a channel's managingEditor keeps its brackets too", () => {
    const { feed } = ingest(
      `<rss version="2.0"><channel><title>T</title><managingEditor>ed@example.com ([Desk] Ed)</managingEditor></channel></rss>`,
    );
    expect(feed.author).toBe("[Desk] Ed");
  });

  it("the e-mail address is taken out wherever it stands; the rest is the name", () => {
    expect(authorOf("me@example.com (John [Doe])")).toBe("John [Doe]");
    expect(authorOf("Jane Roe &lt;jane@example.com&gt;")).toBe("Jane Roe");
    expect(authorOf("(Ann) ann@example.com")).toBe("Ann");
    expect(authorOf("only@example.com")).toBe("only@example.com");
  });
});

describe("badly formed feeds", () => {
  it("items inside an extension element that is never closed are recovered", () => {
    const result = ingest(
      `<rss version="2.0" xmlns:ext="https://ext.example/"><channel><title>T</title><ext:open>
        <item><title>a</title><link>https://example.com/a</link></item>
        <item><title>b</title><link>https://example.com/b</link></item>
      </channel></rss>`,
    );
    expect(result.entries.map((e) => [e.title, e.url])).toEqual([
      ["a", "https://example.com/a"],
      ["b", "https://example.com/b"],
    ]);
  });

  it("an Atom entry list behind an unclosed element is recovered too", () => {
    const result = ingest(
      `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:x="https://x.example/"><title>T</title><x:wrapper><entry><id>urn:1</id><title>one</title></entry></feed>`,
    );
    expect(result.entries.map((e) => e.title)).toEqual(["one"]);
  });

  it("a feed whose item tags cannot be recovered is refused with the parse error code", () => {
    let error: unknown;
    try {
      ingest(
        `<rss version="2.0" xmlns:ext="https://ext.example/"><channel><title>T</title><ext:open><item></item></channel></rss>`,
      );
    } catch (caught) {
      error = caught;
    }
    expect(error).toMatchObject({ code: 2004, kind: "malformed" });
  });

  it("a feed that really has no items is still a feed with no entries", () => {
    const result = ingest(`<rss version="2.0"><channel><title>Quiet</title></channel></rss>`);
    expect([result.feed.title, result.entries.length]).toEqual(["Quiet", 0]);
  });
});

describe("empty references", () => {
  it('href="" under xml:base is a link to the base (Atom feed and entry)', () => {
    const result = ingest(
      `<feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://example.com/blog/"><title>T</title><link href=""/><entry xml:base="posts/1/"><id>urn:1</id><title>e</title><link href=""/></entry></feed>`,
    );
    expect(result.feed.siteUrl).toBe("https://example.com/blog/");
    expect(result.entries[0]?.url).toBe("https://example.com/blog/posts/1/");
  });

  it('href="" on an RSS item\'s atom:link under xml:base is a link to the base', () => {
    const [entry] = ingest(
      `<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xml:base="https://example.com/a/"><channel><title>T</title><item><title>i</title><atom:link href=""/></item></channel></rss>`,
    ).entries;
    expect(entry?.url).toBe("https://example.com/a/");
  });

  it('href="" without any xml:base is no link (the feed itself is no entry page)', () => {
    const [entry] = ingest(
      `<feed xmlns="http://www.w3.org/2005/Atom"><title>T</title><entry><id>urn:1</id><title>e</title><link href=""/></entry></feed>`,
    ).entries;
    expect(entry?.url).toBeNull();
  });
});
