import { describe, expect, it } from "vitest";
import { ingestBody } from "./pipeline.ts";

/**
 * JSON Feed 1.1 (jsonfeed.org/version/1.1): every field is read with the type the spec gives
 * it, so a value of the wrong type is absent, not coerced or reported as present; blank
 * strings are absent too (null, never ""), but for a blank icon, kept empty; ids are the one
 * spec-mandated coercion ("If an id is presented as a number or other type, a JSON Feed
 * reader must coerce it to a string"). Then the spec's fields, one rule each.
 */
const VERSION = "https://jsonfeed.org/version/1.1";
const ingest = (feed: Record<string, unknown>) =>
  ingestBody(JSON.stringify({ version: VERSION, ...feed }), { url: "https://j.example/feed.json" });

describe("JSON Feed field types", () => {
  it("wrongly typed feed fields are absent", () => {
    const { feed } = ingest({
      title: ["not", "a", "string"],
      description: { text: "nope" },
      home_page_url: 42,
      icon: true,
      language: null,
      author: "Just a string",
      items: [],
    });
    expect(feed).toMatchObject({
      title: null,
      description: null,
      siteUrl: null,
      image: null,
      language: null,
      author: null,
    });
  });

  it("blank strings are absent, never empty strings", () => {
    const result = ingest({
      title: "   ",
      description: "",
      items: [{ id: "1", title: "", summary: " ", url: "", content_text: "Body" }],
    });
    expect(result.feed.title).toBeNull();
    expect(result.feed.description).toBeNull();
    expect(result.entries[0]).toMatchObject({ title: null, url: null, description: "Body" });
  });

  it("wrongly typed item fields are absent; the item stays", () => {
    const [entry] = ingest({
      items: [
        {
          id: "a",
          title: 7,
          url: ["https://j.example/x"],
          content_html: { html: "<p>x</p>" },
          content_text: "Plain",
          tags: ["ok", 3, null, "fine"],
          date_published: 20240101,
          attachments: [{ url: 5 }, "x", { url: "https://j.example/a.mp3", mime_type: 1 }],
        },
      ],
    }).entries;
    expect(entry).toMatchObject({
      guid: "a",
      title: null,
      url: null,
      content: "<p>Plain</p>",
      categories: ["ok", "fine"],
      publishedAt: null,
      attachments: [{ url: "https://j.example/a.mp3" }],
    });
  });
});

describe("JSON Feed items and ids", () => {
  it("numeric and boolean ids are read as text", () => {
    const guids = ingest({
      items: [
        { id: 200, title: "a" },
        { id: true, title: "b" },
        { id: " spaced ", title: "c" },
      ],
    }).entries.map((e) => e.guid);
    expect(guids).toEqual(["200", "true", "spaced"]);
  });

  it("a number written with a fraction or exponent reads as other readers print it", () => {
    const body = `{"version": "${VERSION}", "items": [
      {"id": 200.0}, {"id": 1.5}, {"id": 1e16}, {"id": 0.00001}, {"id": -0},
      {"id": 12345678901234567890}, {"id": 1e400}, {"id": NaN}, {"id": -Infinity}]}`;
    const guids = ingestBody(Buffer.from(body), { url: "https://j.example/feed.json" }).entries.map(
      (e) => e.guid,
    );
    expect(guids).toEqual([
      "200.0",
      "1.5",
      "1e+16",
      "1e-05",
      "0",
      "12345678901234567890",
      "Infinity",
      "NaN",
      "-Infinity",
    ]);
  });

  it("a null id is the text null; a missing or blank id gets a fallback guid", () => {
    const entries = ingest({
      items: [
        { id: null, title: "Null id" },
        { url: "https://j.example/post", title: "No id" },
        { id: "  ", title: "Blank id" },
      ],
    }).entries;
    expect(entries).toHaveLength(3);
    expect(entries[0]?.guid).toBe("null");
    expect(entries[1]?.guid).toBe("https://j.example/post");
    expect(entries[2]?.guid).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it("an item whose only field has the wrong type is kept with that field unset", () => {
    const entries = ingest({ items: [{ title: 5 }, { url: ["x"] }, {}] }).entries;
    expect(entries).toHaveLength(3);
    expect(entries.map((e) => [e.title, e.url])).toEqual([
      [null, null],
      [null, null],
      [null, null],
    ]);
  });

  it("an id that is a list or object is no id; with nothing else readable, no entry", () => {
    const entries = ingest({
      items: [{ id: { a: "b" } }, { id: [1], title: "Titled" }, { id: [], title: 3 }, "text", null],
    }).entries;
    expect(entries.map((e) => e.title)).toEqual(["Titled"]);
  });
});

describe("JSON Feed links and authors", () => {
  it("external_url is a related link", () => {
    const [entry] = ingest({
      items: [{ id: "1", url: "https://j.example/1", external_url: "https://elsewhere.example/a" }],
    }).entries;
    expect(entry?.url).toBe("https://j.example/1");
    expect(entry?.extra?.links).toEqual([{ url: "https://elsewhere.example/a", rel: "related" }]);
  });

  it("authors (1.1) win over author (1.0); a mailto: URL gives the author's e-mail", () => {
    const result = ingest({
      authors: [{ name: "Feed Author", url: "https://j.example/me" }],
      items: [
        { id: "1", title: "inherits" },
        { id: "2", author: { url: "mailto:writer@j.example?subject=Hi" } },
        { id: "3", author: { name: "Old" }, authors: [{ name: "New" }, { name: 5 }] },
        { id: "4", authors: [{ url: "https://people.example/x" }] },
      ],
    });
    expect(result.feed.author).toBe("Feed Author");
    expect(result.entries.map((e) => [e.author, e.authorUrl])).toEqual([
      ["Feed Author", "https://j.example/me"],
      ["writer@j.example", "mailto:writer@j.example?subject=Hi"],
      ["New", null],
      [null, "https://people.example/x"],
    ]);
  });
});

describe("JSON Feed 1.0 and 1.1 fields, one rule each", () => {
  it("version: the https and http jsonfeed.org URLs of 1 and 1.1 are JSON Feeds", () => {
    for (const version of [
      "https://jsonfeed.org/version/1",
      "http://jsonfeed.org/version/1",
      " https://jsonfeed.org/version/1.1 ",
    ]) {
      const body = JSON.stringify({ version, title: "T", items: [] });
      expect(ingestBody(Buffer.from(body), { url: "https://j.example/f" }).format).toBe("json");
    }
  });

  it("title and description are plain text: markup in them is kept as written", () => {
    const { feed } = ingest({ title: " <b>T</b> ", description: "a <i>b</i>", items: [] });
    expect(feed).toMatchObject({ title: "<b>T</b>", description: "a <i>b</i>" });
  });

  it("home_page_url is the site; feed_url and next_url are not (the feed is where we fetched it)", () => {
    const { feed } = ingest({
      home_page_url: " https://site.example/ ",
      feed_url: "https://site.example/feed.json",
      next_url: "https://site.example/feed.json?page=2",
      items: [],
    });
    expect(feed.siteUrl).toBe("https://site.example/");
    expect(feed.url).toBe("https://j.example/feed.json");
  });

  it("icon is the feed's image, else favicon; a blank icon is kept empty", () => {
    const image = (fields: Record<string, unknown>) => ingest({ ...fields, items: [] }).feed.image;
    expect(image({ icon: "https://j.example/big.png", favicon: "https://j.example/s.png" })).toBe(
      "https://j.example/big.png",
    );
    expect(image({ favicon: " https://j.example/s.png " })).toBe("https://j.example/s.png");
    expect(image({ icon: " " })).toBe("");
    expect(image({ icon: "", favicon: "https://j.example/s.png" })).toBe("https://j.example/s.png");
    expect(image({})).toBeNull();
  });

  it("an author with only a url or only an avatar is kept", () => {
    const result = ingest({
      author: { avatar: "https://j.example/i.jpeg" },
      items: [
        { id: "1", authors: [{ url: "https://j.example/me" }] },
        { id: "2", author: { avatar: "https://j.example/a.png" } },
        { id: "3" },
      ],
    });
    expect(result.feed).toMatchObject({
      author: null,
      authorUrl: null,
      authorAvatar: "https://j.example/i.jpeg",
    });
    expect(result.entries.map((e) => [e.author, e.authorUrl, e.authorAvatar])).toEqual([
      [null, "https://j.example/me", null],
      [null, null, "https://j.example/a.png"],
      [null, null, "https://j.example/i.jpeg"],
    ]);
  });

  it("an author's mailto: url gives the e-mail address and stays the author's link", () => {
    const { feed } = ingest({
      author: { name: "abc", url: "mailto:user@j.example?subject=Feed" },
      items: [],
    });
    expect(feed).toMatchObject({ author: "abc", authorUrl: "mailto:user@j.example?subject=Feed" });
  });

  it("an empty author object, or one whose fields all have the wrong type, is no author", () => {
    const { feed } = ingest({ authors: [{}, { name: 3, url: [] }], items: [] });
    expect(feed).toMatchObject({ author: null, authorUrl: null, authorAvatar: null });
  });

  it("content_html wins over content_text; content_text alone is escaped text", () => {
    const [both, textOnly] = ingest({
      items: [
        { id: "1", content_html: "<p>HTML</p>", content_text: "Text" },
        { id: "2", content_text: "a < b" },
      ],
    }).entries;
    expect(both?.content).toBe("<p>HTML</p>");
    expect(textOnly?.content).toBe("<p>a &lt; b</p>");
  });

  it("summary is the plain-text description; without one, the content's start", () => {
    const [withSummary, without] = ingest({
      items: [
        { id: "1", summary: "Short <b>plain</b>", content_html: "<p>Long body</p>" },
        { id: "2", content_html: "<p>Only <em>body</em></p>" },
      ],
    }).entries;
    expect(withSummary?.description).toBe("Short <b>plain</b>");
    expect(without?.description).toBe("Only body");
  });

  it("image and banner_image are the item's pictures, image first", () => {
    const [entry] = ingest({
      items: [
        { id: "1", banner_image: "https://j.example/banner.png", image: "https://j.example/i.png" },
      ],
    }).entries;
    expect(entry?.media.map((m) => [m.type, m.url])).toEqual([
      ["photo", "https://j.example/i.png"],
      ["photo", "https://j.example/banner.png"],
    ]);
  });

  it("date_published is the date; date_modified stands in when it is missing", () => {
    const [published, modified] = ingest({
      items: [
        {
          id: "1",
          date_published: "2010-02-07T14:04:00-05:00",
          date_modified: "2011-01-01T00:00:00Z",
        },
        { id: "2", date_modified: "2011-01-01T00:00:00Z" },
      ],
    }).entries;
    expect(published?.publishedAt?.toISOString()).toBe("2010-02-07T19:04:00.000Z");
    expect(modified?.publishedAt?.toISOString()).toBe("2011-01-01T00:00:00.000Z");
  });

  it("tags are the categories: strings only, trimmed, each once", () => {
    const [entry] = ingest({ items: [{ id: "1", tags: [" a ", "b", "a", 4, "", null] }] }).entries;
    expect(entry?.categories).toEqual(["a", "b"]);
  });

  it("language (1.1) is the feed's and each item's, an item's own winning", () => {
    const result = ingest({
      language: "de-DE",
      items: [
        { id: "1", title: "inherits" },
        { id: "2", language: "en_US" },
      ],
    });
    expect(result.feed.language).toBe("de-DE");
    expect(result.entries.map((e) => e.language)).toEqual(["de-DE", "en-US"]);
  });

  it("attachments keep url, mime_type, title, size_in_bytes and duration_in_seconds", () => {
    const [entry] = ingest({
      items: [
        {
          id: "1",
          attachments: [
            {
              url: "https://j.example/ep.mp3",
              mime_type: "audio/mpeg",
              title: "Episode",
              size_in_bytes: 1234,
              duration_in_seconds: 60,
            },
            { mime_type: "audio/mpeg" },
            { url: "https://j.example/b.m4a", size_in_bytes: "big" },
          ],
        },
      ],
    }).entries;
    expect(entry?.attachments).toEqual([
      {
        url: "https://j.example/ep.mp3",
        mimeType: "audio/mpeg",
        title: "Episode",
        sizeInBytes: 1234,
        durationInSeconds: 60,
      },
      { url: "https://j.example/b.m4a" },
    ]);
  });

  it("expired, hubs, user_comment and _extensions change nothing that is read", () => {
    const items = [{ id: "1", title: "Post", _custom: { title: "not this" } }];
    const plain = ingest({ title: "T", items });
    const withExtras = ingest({
      title: "T",
      expired: true,
      hubs: [{ type: "WebSub", url: "https://hub.example/" }],
      user_comment: "This feed is JSON",
      _ext: { about: "https://ext.example/" },
      items,
    });
    expect(withExtras).toEqual(plain);
    expect(withExtras.entries[0]?.title).toBe("Post");
  });
});
