import { describe, expect, it } from "vitest";
import { highlightsMarkdown, highlightsSection, markdownFileName, quote } from "./markdown.ts";

describe("highlights as Markdown", () => {
  it("writes the title, link, author, each passage as a quote and its note", () => {
    const text = highlightsMarkdown(
      { title: "Foxes *today*", url: "https://example.com/1", author: "Ann", tags: ["animals"] },
      [
        { exact: "quick brown fox", note: "Fast" },
        { exact: "lazy\n\ndog", note: "" },
      ],
    );
    expect(text).toBe(
      [
        "# Foxes \\*today\\*",
        "",
        "- Link: <https://example.com/1>",
        "- Author: Ann",
        "- Tags: #animals",
        "",
        "## Highlights",
        "",
        "> quick brown fox",
        "",
        "Note: Fast",
        "",
        "> lazy",
        ">",
        "> dog",
        "",
      ].join("\n"),
    );
  });

  it("quotes every line and names files by the title", () => {
    expect(quote(" a\nb ")).toBe("> a\n> b");
    expect(markdownFileName("Foxes: a/b?", "entry")).toBe("Foxes-a-b.md");
    expect(markdownFileName(null, "1800")).toBe("1800.md");
  });

  it("makes the section a note ends with (Outline, Obsidian), nothing without highlights", () => {
    expect(highlightsSection(undefined)).toBe("");
    expect(highlightsSection([])).toBe("");
    expect(
      highlightsSection([
        { exact: "quick brown fox", note: " Fast " },
        { exact: "lazy dog", note: "" },
      ]),
    ).toBe("\n## Highlights\n\n> quick brown fox\n\nNote: Fast\n\n> lazy dog\n");
  });
});
