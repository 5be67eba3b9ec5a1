import { describe, expect, it } from "vitest";
import { IngestError } from "./errors.ts";
import { ingestBody } from "./pipeline.ts";

const FEED_URL = "https://example.com/blog/feed.xml";
const ingest = (text: string) => ingestBody(Buffer.from(text), { url: FEED_URL });
const rss = (items: string, channel = "") =>
  `<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>T</title><link>/blog/</link>${channel}${items}</channel></rss>`;

describe("normalize: feed fields", () => {
  it("maps RSS channel fields with absolute URLs", () => {
    const result = ingest(
      rss(
        "",
        "<description>About &lt;b&gt;us&lt;/b&gt;</description><language>en-GB</language><image><url>/logo.png</url></image>",
      ),
    );
    expect(result.format).toBe("rss");
    expect(result.feed).toEqual({
      title: "T",
      url: FEED_URL,
      siteUrl: "https://example.com/blog/",
      description: "About us",
      image: "https://example.com/logo.png",
      language: "en-GB",
      author: null,
      authorUrl: null,
      authorAvatar: null,
      rights: null,
      categories: [],
      updatedAt: null,
    });
  });

  it("maps Atom and JSON Feed metadata", () => {
    const atom = ingest(
      '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="fr"><title type="html">A &amp;amp; B</title><subtitle>Sub</subtitle><link href="https://site.example/"/><link rel="self" href="https://site.example/feed"/><logo>logo.png</logo></feed>',
    );
    expect(atom.feed).toMatchObject({
      title: "A & B",
      siteUrl: "https://site.example/",
      description: "Sub",
      language: "fr",
    });
    expect(atom.feed.image).toBe("https://example.com/blog/logo.png");
    const json = ingest(
      JSON.stringify({
        version: "https://jsonfeed.org/version/1.1",
        title: "J",
        home_page_url: "https://j.example/",
        icon: "https://j.example/i.png",
        language: "de",
        items: [],
      }),
    );
    expect(json.format).toBe("json");
    expect(json.feed).toMatchObject({
      title: "J",
      siteUrl: "https://j.example/",
      image: "https://j.example/i.png",
      language: "de",
    });
  });
});

describe("normalize: entry identity and links", () => {
  it("guid falls back to id, then the link, then a content hash", () => {
    const result = ingest(
      rss(
        "<item><guid>g-1</guid><link>/a</link></item>" +
          "<item><link>/b</link></item>" +
          "<item><title>No id</title><description>body</description></item>",
      ),
    );
    const [withGuid, withLink, withNothing] = result.entries;
    expect(withGuid?.guid).toBe("g-1");
    expect(withGuid?.url).toBe("https://example.com/a");
    expect(withLink?.guid).toBe("https://example.com/b");
    expect(withNothing?.guid).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(
      ingest(rss("<item><title>No id</title><description>body</description></item>")).entries[0]
        ?.guid,
    ).toBe(withNothing?.guid);
  });

  it("a permalink guid is the URL only when it is an absolute URL and not isPermaLink=false", () => {
    const result = ingest(
      rss(
        "<item><guid>https://example.com/p/1</guid></item>" +
          '<item><guid isPermaLink="false">https://example.com/p/2</guid></item>' +
          "<item><guid>12345</guid></item>",
      ),
    );
    expect(result.entries.map((e) => e.url)).toEqual(["https://example.com/p/1", null, null]);
  });

  it("resolves links and content against xml:base chains", () => {
    const result = ingest(
      '<feed xmlns="http://www.w3.org/2005/Atom" xml:base="http://base.example/root/"><entry xml:base="posts/"><id>1</id><link href="one.html"/><content type="html" xml:base="/media/">&lt;img src="pic.png"&gt;&lt;a href="x"&gt;x&lt;/a&gt;</content></entry></feed>',
    );
    const entry = result.entries[0]!;
    expect(entry.url).toBe("http://base.example/root/posts/one.html");
    expect(entry.content).toContain('src="http://base.example/media/pic.png"');
    expect(entry.content).toContain('href="http://base.example/media/x"');
  });

  it("without xml:base, content URLs resolve against the entry link", () => {
    const result = ingest(
      rss(
        '<item><link>https://other.example/post/1</link><description>&lt;img src="a.png"&gt;</description></item>',
      ),
    );
    expect(result.entries[0]?.content).toBe('<img src="https://other.example/post/a.png" />');
  });
});

describe("normalize: text, dates, people, categories", () => {
  it("titles are plain text; Atom text content is escaped; description is a short excerpt", () => {
    const long = "word ".repeat(200);
    const result = ingest(
      `<feed xmlns="http://www.w3.org/2005/Atom"><entry><id>1</id><title type="html">&lt;b&gt;Bold&lt;/b&gt; &amp;amp; co</title><content type="text">a &lt;b&gt; tag</content></entry><entry><id>2</id><title type="text">x &lt; y</title><content type="html">&lt;p&gt;${long}&lt;/p&gt;</content></entry></feed>`,
    );
    const [first, second] = result.entries;
    expect(first?.title).toBe("Bold & co");
    expect(first?.content).toBe("<p>a &lt;b&gt; tag</p>");
    expect(second?.title).toBe("x < y");
    expect(second?.description?.length).toBeLessThanOrEqual(301);
    expect(second?.description?.endsWith("…")).toBe(true);
  });

  it("dates: published, else updated, else null", () => {
    const result = ingest(
      rss(
        "<item><guid>1</guid><pubDate>Thu, 01 Jan 2004 19:48:21 GMT</pubDate></item>" +
          "<item><guid>2</guid><dc:date>2004-02-03T04:05:06Z</dc:date></item>" +
          "<item><guid>3</guid><pubDate>someday</pubDate></item>",
      ),
    );
    expect(result.entries.map((e) => e.publishedAt?.toISOString() ?? null)).toEqual([
      "2004-01-01T19:48:21.000Z",
      "2004-02-03T04:05:06.000Z",
      null,
    ]);
  });

  it("authors from RSS author, dc:creator, Atom person and JSON Feed (with inheritance)", () => {
    const fromRss = ingest(
      rss(
        "<item><guid>1</guid><author>joe@example.com (Joe Bloggs)</author></item><item><guid>2</guid><dc:creator>Ann</dc:creator></item>",
      ),
    );
    expect(fromRss.entries.map((e) => e.author)).toEqual(["Joe Bloggs", "Ann"]);
    const fromAtom = ingest(
      '<feed xmlns="http://www.w3.org/2005/Atom"><author><name>Feed Author</name><uri>/about</uri></author><entry><id>1</id></entry><entry><id>2</id><author><name>Own</name></author></entry></feed>',
    );
    expect(fromAtom.entries.map((e) => [e.author, e.authorUrl])).toEqual([
      ["Feed Author", "https://example.com/about"],
      ["Own", null],
    ]);
    const fromJson = ingest(
      JSON.stringify({
        version: "https://jsonfeed.org/version/1.1",
        items: [
          {
            id: "1",
            authors: [{ name: "A", url: "https://a.example/", avatar: "https://a.example/a.png" }],
          },
        ],
      }),
    );
    expect(fromJson.entries[0]).toMatchObject({
      author: "A",
      authorUrl: "https://a.example/",
      authorAvatar: "https://a.example/a.png",
    });
  });

  it("categories are collected, trimmed and de-duplicated; language falls back to the feed's", () => {
    const result = ingest(
      rss(
        "<item><guid>1</guid><category> Tech </category><category>Tech</category><dc:subject>News</dc:subject></item>",
        "<language>ja</language>",
      ),
    );
    expect(result.entries[0]).toMatchObject({ categories: ["Tech", "News"], language: "ja" });
  });
});

describe("normalize: media and attachments", () => {
  it("enclosures become attachments with size, type and the itunes duration", () => {
    const result = ingest(
      rss(
        '<item><guid>1</guid><enclosure url="/ep1.mp3" length="1234" type="audio/mpeg"/><itunes:duration>1:02:03</itunes:duration></item>',
      ),
    );
    expect(result.entries[0]?.attachments).toEqual([
      {
        url: "https://example.com/ep1.mp3",
        mimeType: "audio/mpeg",
        sizeInBytes: 1234,
        durationInSeconds: 3723,
      },
    ]);
  });

  it("media:content, media:thumbnail and image enclosures become photo/video media", () => {
    const result = ingest(
      rss(
        '<item><guid>1</guid><media:content url="https://cdn.example/v.mp4" type="video/mp4" width="640" height="360" duration="30"/><media:thumbnail url="https://cdn.example/v.jpg"/></item>' +
          '<item><guid>2</guid><enclosure url="https://cdn.example/p.jpg" type="image/jpeg" length="0"/></item>' +
          '<item><guid>3</guid><media:group><media:thumbnail url="https://i.ytimg.example/t.jpg" width="480" height="360"/></media:group></item>',
      ),
    );
    const [video, photo, thumbOnly] = result.entries;
    expect(video?.media).toEqual([
      {
        type: "video",
        url: "https://cdn.example/v.mp4",
        width: 640,
        height: 360,
        previewImageUrl: "https://cdn.example/v.jpg",
      },
    ]);
    expect(video?.attachments).toEqual([
      { url: "https://cdn.example/v.mp4", mimeType: "video/mp4", durationInSeconds: 30 },
    ]);
    expect(photo?.media).toEqual([{ type: "photo", url: "https://cdn.example/p.jpg" }]);
    expect(thumbOnly?.media).toEqual([
      { type: "photo", url: "https://i.ytimg.example/t.jpg", width: 480, height: 360 },
    ]);
  });

  it("JSON Feed image, banner_image and attachments", () => {
    const result = ingest(
      JSON.stringify({
        version: "https://jsonfeed.org/version/1",
        items: [
          {
            id: 7,
            content_text: "Hello\n\nWorld <3",
            image: "https://j.example/i.png",
            banner_image: "https://j.example/b.png",
            attachments: [
              {
                url: "https://j.example/a.m4a",
                mime_type: "audio/x-m4a",
                size_in_bytes: 99,
                duration_in_seconds: 61,
                title: "Ep",
              },
            ],
          },
        ],
      }),
    );
    const entry = result.entries[0]!;
    expect(entry.guid).toBe("7");
    expect(entry.content).toBe("<p>Hello</p><p>World &lt;3</p>");
    expect(entry.media.map((m) => m.url)).toEqual([
      "https://j.example/i.png",
      "https://j.example/b.png",
    ]);
    expect(entry.attachments).toEqual([
      {
        url: "https://j.example/a.m4a",
        mimeType: "audio/x-m4a",
        sizeInBytes: 99,
        durationInSeconds: 61,
        title: "Ep",
      },
    ]);
  });
});

describe("parse failures are coded", () => {
  it.each([
    ["an HTML page", "<!doctype html><html><body>hi</body></html>", "not-a-feed"],
    ["plain text", "hello", "not-a-feed"],
    ["empty", "   ", "not-a-feed"],
    ["broken JSON", '{"version": "https://jsonfeed.org/version/1", ', "malformed"],
    ["a JSON document that is no feed", '{"hello": "world"}', "not-a-feed"],
  ])("%s -> 2004", (_, body, kind) => {
    let caught: unknown;
    try {
      ingest(body);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(IngestError);
    expect(caught).toMatchObject({ code: 2004, kind });
    expect((caught as IngestError).reason).toBeTruthy();
  });

  it("an empty but well-formed feed has no entries; a truncated end tag is repaired", () => {
    expect(ingest('<rss version="2.0"><channel></channel></rss>').entries).toEqual([]);
    expect(
      ingest('<feed xmlns="http://www.w3.org/2005/Atom"><title>x</title></feed').feed.title,
    ).toBe("x");
  });

  it("NaN/Infinity in JSON feeds are tolerated", () => {
    const result = ingest(
      '{"version":"https://jsonfeed.org/version/1.1","items":[{"id":"a","x":NaN,"title":"ok"}]}',
    );
    expect(result.entries[0]?.title).toBe("ok");
  });
});
