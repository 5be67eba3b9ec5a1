import { describe, expect, it } from "vitest";
import { htmlToMarkdown } from "./to-markdown.ts";

describe("htmlToMarkdown (Obsidian, Outline)", () => {
  it("converts what sanitized entries contain", () => {
    const html = `<h1>Title</h1><p>Text with <em>emphasis</em>, <code>x*y</code> and
      <a href="https://example.com/a b">a link</a>.</p>
      <blockquote><p>Quoted</p></blockquote>
      <ol><li>first</li><li>second <strong>bold</strong></li></ol>
      <pre>let a = 1;\nlet b = 2;</pre>
      <img src="https://img.example/p.png" alt="A *picture*">
      <table><tr><th>k</th><th>v</th></tr><tr><td>a|b</td><td>2</td></tr></table>`;
    expect(htmlToMarkdown(html)).toBe(
      [
        "# Title",
        "",
        "Text with *emphasis*, `x*y` and [a link](https://example.com/a%20b).",
        "",
        "> Quoted",
        "",
        "1. first",
        "2. second **bold**",
        "",
        "```",
        "let a = 1;",
        "let b = 2;",
        "```",
        "",
        "![A \\*picture\\*](https://img.example/p.png)",
        "",
        "| k | v |",
        "| --- | --- |",
        "| a\\|b | 2 |",
        "",
      ].join("\n"),
    );
  });

  it("drops scripts and unsafe link targets, and survives hostile nesting", () => {
    expect(
      htmlToMarkdown('<p><a href="javascript:alert(1)">click</a><script>x()</script></p>'),
    ).toBe("click\n");
    const deep = `${"<div>".repeat(50_000)}deep${"</div>".repeat(50_000)}`;
    expect(htmlToMarkdown(deep).length).toBeGreaterThan(0);
  });
});
