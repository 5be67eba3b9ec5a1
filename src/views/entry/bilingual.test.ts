import { DOMParser } from "linkedom";
import { beforeAll, describe, expect, it } from "vitest";
import { bilingualHtml } from "./bilingual.ts";

// The browser's DOMParser, from linkedom in Node.
beforeAll(() => {
  globalThis.DOMParser = DOMParser as unknown as typeof globalThis.DOMParser;
});

describe("bilingual content", () => {
  it("puts each block's translation right after it", () => {
    const html = bilingualHtml("<p>One</p><p>Two</p>", "<p>一</p><p>二</p>", "ja");
    expect(html).toBe(
      '<p>One</p><div class="entry-translation" lang="ja"><p>一</p></div>' +
        '<p>Two</p><div class="entry-translation" lang="ja"><p>二</p></div>',
    );
  });

  it("puts the whole translation after the original when the blocks do not line up", () => {
    const html = bilingualHtml("<p>One</p><p>Two</p>", "<p>一二</p>", "ja");
    expect(html).toBe(
      '<p>One</p><p>Two</p><div class="entry-translation" lang="ja"><p>一二</p></div>',
    );
  });
});
