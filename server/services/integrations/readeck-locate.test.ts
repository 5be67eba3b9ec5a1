import { describe, expect, it } from "vitest";
import { bookmarkId } from "./readeck-annotations.ts";
import { readeckArticle } from "./readeck-locate.ts";

describe("passages located in Readeck's article (its annotations API's selectors)", () => {
  const article = readeckArticle(
    "<section><p>Loren ipsum <strong>dolor</strong> sit amet</p><p>Second one</p></section>",
  );

  it("ends in different elements: each end has its own path and offset inside that element", () => {
    expect(article.locate("dolor sit")).toEqual({
      start_selector: "section[1]/p[1]/strong[1]",
      start_offset: 0,
      end_selector: "section[1]/p[1]",
      end_offset: 21,
    });
    expect(article.locate("ipsum dolor")).toEqual({
      start_selector: "section[1]/p[1]",
      start_offset: 6,
      end_selector: "section[1]/p[1]/strong[1]",
      end_offset: 5,
    });
  });

  it("counts same-tag siblings from 1, and finds a passage whose spaces differ", () => {
    expect(article.locate("Second")).toEqual({
      start_selector: "section[1]/p[2]",
      start_offset: 0,
      end_selector: "section[1]/p[2]",
      end_offset: 6,
    });
    const wrapped = readeckArticle("<div><p>line one\n    line two</p></div>");
    expect(wrapped.locate("one line")).toEqual({
      start_selector: "div[1]/p[1]",
      start_offset: 5,
      end_selector: "div[1]/p[1]",
      end_offset: 17,
    });
  });

  it("offsets count code points, as Readeck's server does", () => {
    const emoji = readeckArticle("<div><p>😀 smile here</p></div>");
    expect(emoji.locate("smile")).toMatchObject({ start_offset: 2, end_offset: 7 });
  });

  it("a passage not in the article, or text with no element around it, is not located", () => {
    expect(article.locate("not there")).toBeNull();
    expect(article.locate("   ")).toBeNull();
    expect(readeckArticle("bare text").locate("bare")).toBeNull();
  });
});

describe("the bookmark's id from Readeck's 202", () => {
  it("takes the Bookmark-Id header, else the Location's last segment", () => {
    expect(bookmarkId({ "bookmark-id": "abc123" })).toBe("abc123");
    expect(bookmarkId({ location: "https://r.example/api/bookmarks/bk42" })).toBe("bk42");
    expect(bookmarkId({ location: "/api/bookmarks/bk%2F../x y" })).toBeNull();
    expect(bookmarkId({})).toBeNull();
  });
});
