import { describe, expect, it } from "vitest";
import { displayText } from "../../contract/search/tokens.ts";
import { MAX_INDEXED_BODY, searchRowOf } from "./search-index.ts";

const entry = {
  id: "1",
  feed_id: "2",
  published_at: "2026-01-01T00:00:00.000Z",
  title: "Caf&eacute; &amp; bread",
  content: "<p>Hello <script>evil()</script><b>world</b></p><p>全文搜索</p>",
  description: "ignored when there is content",
  author: "Ada",
  url: "https://example.com/a",
};

describe("search rows", () => {
  it("hold the plain text readers see, CJK characters apart", () => {
    const row = searchRowOf(entry);
    expect(row.title).toBe("Café & bread");
    expect(displayText(row.body)).toBe("Hello world 全文搜索");
    expect(row.body).toContain("全\u200b文");
    expect(row.body).not.toContain("evil");
  });

  it("are bounded whatever the size of the entry", () => {
    const huge = `<p>${"word ".repeat(200_000)}</p>`;
    const row = searchRowOf({ ...entry, content: huge, title: "t".repeat(10_000) });
    expect(row.body.length).toBeLessThanOrEqual(MAX_INDEXED_BODY);
    expect(row.title.length).toBeLessThanOrEqual(1000);
    expect(searchRowOf({ ...entry, content: null }).body).toBe("ignored when there is content");
  });
});
