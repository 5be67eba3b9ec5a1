import { describe, expect, it } from "vitest";
import { stripControls, stripControlsDeep } from "./control-chars.ts";
import { ingestBody } from "./pipeline.ts";

describe("control characters in feed text", () => {
  it("drops the C0 controls XML forbids and keeps tab, line feed and carriage return", () => {
    expect(stripControls("a\u0000b\u0001c\u001fd\te\nf\rg")).toBe("abcd\te\nf\rg");
  });

  it("walks plain objects and arrays and leaves dates alone", () => {
    const date = new Date(0);
    expect(stripControlsDeep({ a: ["x\u0000"], b: { c: "\u0007y" }, d: date, e: 1 })).toEqual({
      a: ["x"],
      b: { c: "y" },
      d: date,
      e: 1,
    });
  });

  it("stores no U+0000 from any field of an RSS or JSON feed", () => {
    const rss = `<?xml version="1.0"?><rss version="2.0"><channel><title>F\u0000T</title>
      <link>https://a.example.com/</link><item><title>I\u0000T</title><guid>g\u00001</guid>
      <author>a\u0000b@x.y</author><category>c\u0000d</category>
      <description>&lt;p&gt;x\u0000y&lt;/p&gt;</description></item></channel></rss>`;
    const json = JSON.stringify({
      version: "https://jsonfeed.org/version/1.1",
      title: "J\u0000T",
      items: [{ id: "i\u00001", title: "T\u0000", content_html: "<p>a\u0000b</p>" }],
    });
    for (const body of [rss, json]) {
      const ingested = ingestBody(body, { url: "https://a.example.com/feed" });
      expect(JSON.stringify(ingested)).not.toContain("\\u0000");
      expect(ingested.entries).toHaveLength(1);
    }
  });
});
