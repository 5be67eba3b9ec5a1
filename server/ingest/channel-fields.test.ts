import { describe, expect, it } from "vitest";
import { ingestBody } from "./pipeline.ts";

/**
 * Feed-level fields from the forms each format documents: channel images (RSS <image>, iTunes
 * <itunes:image href>, Media RSS thumbnails, RSS 1.0 <image rdf:resource>), iTunes categories
 * (nested, flattened into tags), and Dublin Core standing in for missing RSS elements
 * (dc:creator, dc:date, dc:subject, dc:rights at channel level).
 */
const FEED_URL = "https://podcast.example/feeds/show.xml";
const ITUNES = 'xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"';
const channel = (inner: string, ns = "") =>
  ingestBody(
    `<rss version="2.0" ${ns}><channel><title>Show</title>${inner}<item><title>Ep</title></item></channel></rss>`,
    { url: FEED_URL },
  ).feed;

describe("channel images", () => {
  it("<itunes:image href> (Apple's form), relative to the document", () => {
    expect(channel('<itunes:image href="/art/cover.jpg"/>', ITUNES).image).toBe(
      "https://podcast.example/art/cover.jpg",
    );
  });

  it("<itunes:image> with a url attribute or the URL as text (forms found in the wild)", () => {
    expect(channel('<itunes:image url="https://cdn.example/a.png"/>', ITUNES).image).toBe(
      "https://cdn.example/a.png",
    );
    expect(channel("<itunes:image>https://cdn.example/b.png</itunes:image>", ITUNES).image).toBe(
      "https://cdn.example/b.png",
    );
  });

  it("RSS <image><url> wins over the iTunes image", () => {
    expect(
      channel(
        '<image><url>https://site.example/logo.gif</url><title>Show</title><link>https://site.example/</link></image><itunes:image href="https://cdn.example/a.png"/>',
        ITUNES,
      ).image,
    ).toBe("https://site.example/logo.gif");
  });

  it("a channel-level media:thumbnail, or a media:content image", () => {
    const media = 'xmlns:media="http://search.yahoo.com/mrss/"';
    expect(channel('<media:thumbnail url="https://cdn.example/t.jpg"/>', media).image).toBe(
      "https://cdn.example/t.jpg",
    );
    expect(
      channel('<media:content url="https://cdn.example/c.jpg" medium="image"/>', media).image,
    ).toBe("https://cdn.example/c.jpg");
  });

  it("an Atom logo inside an RSS channel", () => {
    expect(
      channel(
        "<atom:logo>https://site.example/atom-logo.png</atom:logo>",
        'xmlns:atom="http://www.w3.org/2005/Atom"',
      ).image,
    ).toBe("https://site.example/atom-logo.png");
  });

  it("RSS 1.0: the channel's <image rdf:resource> names the image", () => {
    const feed = ingestBody(
      '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"><channel rdf:about="https://site.example/"><title>R</title><link>https://site.example/</link><image rdf:resource="https://site.example/r.png"/></channel><item rdf:about="https://site.example/1"><title>1</title><link>https://site.example/1</link></item></rdf:RDF>',
      { url: FEED_URL },
    ).feed;
    expect(feed.image).toBe("https://site.example/r.png");
  });
});

describe("iTunes categories", () => {
  it("nested channel categories are flattened into the feed's categories, parents first", () => {
    const feed = channel(
      '<itunes:category text="Technology"><itunes:category text="Podcasting"/></itunes:category><itunes:category text="Arts"/>',
      ITUNES,
    );
    expect(feed.categories).toEqual(["Technology", "Podcasting", "Arts"]);
  });

  it("itunes:keywords (comma-separated) are categories too, without repeats", () => {
    const feed = channel("<itunes:keywords>science, physics,science</itunes:keywords>", ITUNES);
    expect(feed.categories).toEqual(["science", "physics"]);
  });

  it("categories on an item become the entry's tags, nested ones too", () => {
    const entry = ingestBody(
      `<rss version="2.0" ${ITUNES}><channel><title>S</title><item><title>Ep</title><category>Plain</category><itunes:category text="Science"><itunes:category text="Physics"/></itunes:category></item><item><title>Two</title></item></channel></rss>`,
      { url: FEED_URL },
    ).entries;
    expect(entry[0]?.categories).toEqual(["Plain", "Science", "Physics"]);
    expect(entry[1]?.categories).toEqual([]);
  });
});

describe("Dublin Core at channel level", () => {
  const DC = 'xmlns:dc="http://purl.org/dc/elements/1.1/"';

  it("stands in for missing RSS elements: author, date, categories, rights", () => {
    const feed = channel(
      "<dc:creator>Jane Doe</dc:creator><dc:date>2024-02-03T04:05:06Z</dc:date><dc:subject>Physics</dc:subject><dc:rights>CC BY 4.0</dc:rights>",
      DC,
    );
    expect(feed.author).toBe("Jane Doe");
    expect(feed.updatedAt?.toISOString()).toBe("2024-02-03T04:05:06.000Z");
    expect(feed.categories).toEqual(["Physics"]);
    expect(feed.rights).toBe("CC BY 4.0");
  });

  it("RSS's own elements come first when both are present", () => {
    const feed = channel(
      "<managingEditor>editor@example.com (Ed Itor)</managingEditor><dc:creator>Jane Doe</dc:creator><copyright>© Example</copyright><dc:rights>CC BY</dc:rights><lastBuildDate>Sat, 02 Mar 2024 10:00:00 GMT</lastBuildDate><dc:date>2020-01-01T00:00:00Z</dc:date><category>News</category><dc:subject>Physics</dc:subject>",
      DC,
    );
    expect(feed.author).toBe("Ed Itor");
    expect(feed.rights).toBe("© Example");
    expect(feed.updatedAt?.toISOString()).toBe("2024-03-02T10:00:00.000Z");
    expect(feed.categories).toEqual(["News", "Physics"]);
  });

  it("a channel <author> (RSS 0.9x era) or dc:author names the author when nothing else does", () => {
    expect(channel("<author>Old Style</author>").author).toBe("Old Style");
    expect(channel("<dc:author>Dee Author</dc:author>", DC).author).toBe("Dee Author");
  });

  it("Atom 0.3 <copyright> is the feed's rights", () => {
    const feed = ingestBody(
      '<feed version="0.3" xmlns="http://purl.org/atom/ns#"><title>A</title><copyright>© 2004 Example</copyright></feed>',
      { url: FEED_URL },
    ).feed;
    expect(feed.rights).toBe("© 2004 Example");
  });

  it("RSS 1.0 channels read them too", () => {
    const feed = ingestBody(
      `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" ${DC}><channel rdf:about="https://site.example/"><title>R</title><link>https://site.example/</link><dc:creator>Ann</dc:creator><dc:rights>Public domain</dc:rights><dc:date>2003-12-31T10:14:55Z</dc:date><dc:subject>Birds</dc:subject></channel></rdf:RDF>`,
      { url: FEED_URL },
    ).feed;
    expect(feed).toMatchObject({ author: "Ann", rights: "Public domain", categories: ["Birds"] });
    expect(feed.updatedAt?.toISOString()).toBe("2003-12-31T10:14:55.000Z");
  });

  it("Atom feeds use their own author, rights, categories and updated", () => {
    const feed = ingestBody(
      '<feed xmlns="http://www.w3.org/2005/Atom"><title>A</title><author><name>Alice</name></author><rights>© Alice</rights><category term="essays"/><updated>2024-05-06T07:08:09Z</updated></feed>',
      { url: FEED_URL },
    ).feed;
    expect(feed).toMatchObject({ author: "Alice", rights: "© Alice", categories: ["essays"] });
    expect(feed.updatedAt?.toISOString()).toBe("2024-05-06T07:08:09.000Z");
  });
});
