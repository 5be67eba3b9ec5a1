import { DOMParser } from "linkedom";
import { describe, expect, it } from "vitest";
import { findAnchorBlock } from "./scroll-anchor.ts";

const content = (html: string) =>
  new DOMParser().parseFromString(`<div id="c">${html}</div>`, "text/html").getElementById("c");

describe("finding the block a reading position names", () => {
  const article = content(
    "<h2>Rivers</h2><p>Paragraph 1 about the  river\n bank.</p><ul><li>Paragraph 2 is a list item about foxes.</li></ul><p>Paragraph 3 closes the article.</p>",
  ) as unknown as HTMLElement;

  it("finds it by the start of its text, whatever the whitespace", () => {
    expect(findAnchorBlock(article, "Paragraph 1 about the river")?.tagName).toBe("P");
    expect(findAnchorBlock(article, "Paragraph 2 is a list")?.tagName).toBe("LI");
    expect(findAnchorBlock(article, "Paragraph 3")?.textContent).toBe(
      "Paragraph 3 closes the article.",
    );
  });

  it("finds a block shortened since, by the quote starting with its text", () => {
    const edited = content("<p>Paragraph 1 about the river bank,</p>") as unknown as HTMLElement;
    expect(
      findAnchorBlock(edited, "Paragraph 1 about the river bank, and its fish."),
    ).toBeDefined();
  });

  it("finds nothing for text the article no longer holds (the fraction is used instead)", () => {
    expect(findAnchorBlock(article, "A paragraph that was removed")).toBeUndefined();
    expect(findAnchorBlock(article, "")).toBeUndefined();
  });
});
