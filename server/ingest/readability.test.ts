import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { fixturePath, readFixture } from "../../tests/ingest/fixtures.ts";
import { safetyViolations } from "../../tests/ingest/html-safety.ts";
import { extractReadable } from "./readability.ts";
import { htmlToText } from "./text.ts";

/** Upstream loads every test page as if from this URL (see the corpus SOURCE.md). */
const PAGE_URL = "http://fakehost/test/page.html";
const PAGES = ["readability", "test", "test-pages"];

const normalizeSpace = (text: string | null | undefined) =>
  (text ?? "").replace(/\s+/g, " ").trim();

function page(name: string) {
  return {
    source: readFixture(...PAGES, name, "source.html").toString("utf8"),
    expectedHtml: readFixture(...PAGES, name, "expected.html").toString("utf8"),
    metadata: JSON.parse(
      readFixture(...PAGES, name, "expected-metadata.json").toString("utf8"),
    ) as { title: string | null; byline: string | null },
  };
}

/** Share of the expected article's words that appear in ours (order-insensitive recall). */
function wordRecall(ours: string, expected: string): number {
  const words = htmlToText(expected).toLowerCase().split(/\s+/).filter(Boolean);
  const have = new Set(htmlToText(ours).toLowerCase().split(/\s+/));
  return words.length === 0 ? 1 : words.filter((w) => have.has(w)).length / words.length;
}

describe("extractReadable", () => {
  it("sanitizes Readability's output: handlers and scripts never survive", () => {
    const html = `<html><head><title>Post</title></head><body><article><h1>Post</h1>
      ${'<p onclick="steal()">A long enough paragraph of article text, repeated to look like a real article body. <a href="/more" onmouseover="x()">more</a></p>'.repeat(8)}
      <script>alert(1)</script><img src="x.png" onerror="alert(1)"></article></body></html>`;
    const article = extractReadable(html, "https://news.example/2024/post");
    expect(article?.title).toBe("Post");
    expect(article?.content).toContain('href="https://news.example/more"');
    expect(safetyViolations(article?.content ?? "")).toEqual([]);
  });

  it("returns null when there is no article", () => {
    expect(extractReadable("<html><body></body></html>", "https://x.example/")).toBeNull();
  });
});

describe("Mozilla Readability test pages", () => {
  it("every page: articles, titles, article text recall, safety", { timeout: 60_000 }, () => {
    const names = fs
      .readdirSync(fixturePath(...PAGES))
      .filter((n) =>
        ["source.html", "expected.html", "expected-metadata.json"].every((file) =>
          fs.existsSync(path.join(fixturePath(...PAGES), n, file)),
        ),
      );
    let titles = 0;
    let recalled = 0;
    let found = 0;
    const unsafe: string[] = [];
    for (const name of names) {
      const { source, expectedHtml, metadata } = page(name);
      const article = extractReadable(source, PAGE_URL);
      if (!article) continue;
      found++;
      if (normalizeSpace(article.title) === normalizeSpace(metadata.title)) titles++;
      if (wordRecall(article.content, expectedHtml) >= 0.9) recalled++;
      const problems = safetyViolations(article.content);
      if (problems.length > 0) unsafe.push(`${name}: ${problems.join("; ")}`);
    }
    const share = (count: number) => (names.length === 0 ? 0 : count / names.length);
    const percent = (count: number) => `${(100 * share(count)).toFixed(1)}%`;
    console.log(
      `[score] readability: ${percent(found)} of ${names.length} pages give an article, ` +
        `${percent(titles)} titles equal to upstream's, ${percent(recalled)} with >= 90% of the expected words, ` +
        `${unsafe.length} unsafe; ${names.length} files scored`,
    );
    // Gated on shares, whatever pages this copy of the corpus holds; safety has no slack.
    expect(names.length).toBeGreaterThan(0);
    expect(unsafe).toEqual([]);
    expect(share(found)).toBeGreaterThanOrEqual(0.95);
    expect(share(titles)).toBeGreaterThan(0.9);
    expect(share(recalled)).toBeGreaterThan(0.9);
  });
});

describe("hostile pages", () => {
  it("reads a page nested 29,000 deep in bounded time (20,000 took Readability 15 s unbounded)", () => {
    const depth = 29_000; // every element within the element cap
    const paragraph =
      "A paragraph deep inside the page, long enough to count as an article. ".repeat(8);
    const html = `<html><head><title>Deep</title></head><body>${"<div>".repeat(depth)}<p>${paragraph}</p>${"</div>".repeat(depth)}</body></html>`;
    const started = performance.now();
    const article = extractReadable(html, PAGE_URL);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(article?.content).toContain("A paragraph deep inside the page");
  });
});
