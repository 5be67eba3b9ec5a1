import { describe, expect, it } from "vitest";
import { ingestBody } from "./pipeline.ts";

/**
 * JSON Feed 1.1 (jsonfeed.org/version/1.1): every field is read with the type the spec gives
 * it, so a value of the wrong type is absent, not coerced or reported as present; blank
 * strings are absent too (null, never ""); ids are the one spec-mandated coercion ("If an id
 * is presented as a number or other type, a JSON Feed reader must coerce it to a string").
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

  it("an item with a null id is kept, with a fallback guid (its URL, else a hash)", () => {
    const entries = ingest({
      items: [
        { id: null, url: "https://j.example/post", title: "With URL" },
        { id: null, title: "Without URL" },
        { id: null },
      ],
    }).entries;
    expect(entries).toHaveLength(3);
    expect(entries[0]?.guid).toBe("https://j.example/post");
    expect(entries[1]?.guid).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(entries[2]?.guid).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it("an id that is a list or object is no id; items with no field of their own are no entries", () => {
    const entries = ingest({
      items: [{ id: { a: "b" } }, { id: [1], title: "Titled" }, {}, "not an object", null],
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

  it("authors (1.1) win over author (1.0); a mailto: URL is the author's e-mail", () => {
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
      ["writer@j.example", null],
      ["New", null],
      [null, "https://people.example/x"],
    ]);
  });
});
