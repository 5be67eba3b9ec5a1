import { join } from "node:path";
import { rolldown } from "rolldown";
import { launchBrowser } from "../tests/e2e/support/browser.ts";
import { ratio, round, type Table } from "./support/table.ts";

/**
 * Rendering an entry with 200 highlights against the same entry without them, in Chromium: the
 * sanitized HTML set into the entry pane, then (with highlights) each anchored over the text and
 * wrapped in marks, then a forced layout. One frame is 16.7 ms at 60 Hz. In the same run, the
 * entry with SPOTLIGHT spotlight keywords (words and RE2 patterns) marked in its text nodes, and
 * with both at once (highlights first, then spotlight marks, as the pane does).
 */
const HIGHLIGHTS = 200;
const SPOTLIGHT = 20;
const PARAGRAPHS = 120;
const ROUNDS = 30;

export interface HighlightsRenderResult {
  plainMs: number;
  markedMs: number;
  marks: number;
  textLength: number;
  spotlightMs: number;
  spotlightMarks: number;
  /** 200 highlights and 20 spotlight keywords on the same render. */
  bothMs: number;
}

async function pageScript(): Promise<string> {
  const bundle = await rolldown({
    input: join(import.meta.dirname, "support", "highlight-marks-entry.ts"),
    logLevel: "silent",
  });
  const { output } = await bundle.generate({ format: "iife" });
  await bundle.close();
  return output[0].code;
}

export async function benchHighlightsRender(): Promise<HighlightsRenderResult> {
  const script = await pageScript();
  const browser = await launchBrowser();
  try {
    const page = await (await browser.newContext()).newPage();
    await page.setContent(
      `<!doctype html><html><body><div class="entry-content"></div></body></html>`,
    );
    await page.addScriptTag({ content: script });
    return await page.evaluate(
      ({ HIGHLIGHTS, PARAGRAPHS, ROUNDS, SPOTLIGHT }) => {
        type Bench = {
          describeRange(text: string, start: number, end: number): Record<string, unknown>;
          markHighlights(root: HTMLElement, highlights: unknown[]): Set<string>;
          markSpotlight(root: HTMLElement, keywords: unknown): number;
        };
        const bench = (globalThis as unknown as { highlightBench: Bench }).highlightBench;
        const html = Array.from(
          { length: PARAGRAPHS },
          (_, i) =>
            `<p>Paragraph ${i}: the <em>quick</em> brown fox number ${i} jumps over the <a href="#">lazy dog</a> by river ${i * 7}, and <strong>then</strong> rests a while under tree ${i * 13}.</p>`,
        ).join("");
        const root = document.querySelector<HTMLElement>(".entry-content")!;
        root.innerHTML = html;
        const text = root.textContent ?? "";
        // Passages spread over the text, each a few words long.
        const highlights = Array.from({ length: HIGHLIGHTS }, (_, i) => {
          const start = Math.floor((i / HIGHLIGHTS) * (text.length - 40));
          return {
            id: String(1_800_000_000_000_000 + i),
            color: "yellow",
            note: "",
            ...bench.describeRange(text, start, start + 24),
          };
        });
        // Words (some present, most not) and a few patterns, as a reader's list might be.
        const words = ["fox", "river", "lazy dog", "tree", "quick", "zebra", "kubernetes", "rust"];
        const patterns = ["number \\d+", "\\btree \\d{2,}", "jumps? over", "rests?\\b"];
        const keywords = Array.from({ length: SPOTLIGHT }, (_, i) =>
          i < patterns.length
            ? { pattern: patterns[i], color: "blue", isRegex: true }
            : { pattern: `${words[i % words.length]}${i < 12 ? "" : ` ${i}`}`, color: "yellow" },
        );
        const render = (mode: "plain" | "highlights" | "spotlight" | "both") => {
          const t0 = performance.now();
          root.innerHTML = html;
          if (mode === "highlights" || mode === "both") bench.markHighlights(root, highlights);
          if (mode === "spotlight" || mode === "both") bench.markSpotlight(root, keywords);
          void root.offsetHeight;
          return performance.now() - t0;
        };
        // Warm-up, then alternating rounds so all see the same machine state; medians.
        render("plain");
        render("highlights");
        render("spotlight");
        render("both");
        const plain: number[] = [];
        const marked: number[] = [];
        const spotlit: number[] = [];
        const both: number[] = [];
        for (let r = 0; r < ROUNDS; r++) {
          plain.push(render("plain"));
          marked.push(render("highlights"));
          spotlit.push(render("spotlight"));
          both.push(render("both"));
        }
        render("spotlight");
        const spotlightMarks = root.querySelectorAll("mark[data-spotlight]").length;
        render("highlights");
        const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1]!;
        return {
          plainMs: median(plain),
          markedMs: median(marked),
          marks: root.querySelectorAll("mark[data-highlight-id]").length,
          textLength: text.length,
          spotlightMs: median(spotlit),
          spotlightMarks,
          bothMs: median(both),
        };
      },
      { HIGHLIGHTS, PARAGRAPHS, ROUNDS, SPOTLIGHT },
    );
  } finally {
    await browser.close();
  }
}

export function highlightsRenderTable(result: HighlightsRenderResult): Table {
  return {
    title: `Entry render with ${HIGHLIGHTS} highlights and ${SPOTLIGHT} spotlight keywords (Chromium, median of ${ROUNDS})`,
    headers: ["render", "ms", "vs without"],
    rows: [
      ["without highlights", round(result.plainMs, 2), "1.00×"],
      [
        `with ${HIGHLIGHTS} highlights`,
        round(result.markedMs, 2),
        ratio(result.markedMs, result.plainMs),
      ],
      ["difference", round(result.markedMs - result.plainMs, 2), ""],
      [
        `with ${SPOTLIGHT} spotlight keywords`,
        round(result.spotlightMs, 2),
        ratio(result.spotlightMs, result.plainMs),
      ],
      ["with both", round(result.bothMs, 2), ratio(result.bothMs, result.plainMs)],
      ["difference (both)", round(result.bothMs - result.plainMs, 2), ""],
    ],
    notes: [
      `${result.marks} marks over ${result.textLength} characters of text; one frame is 16.7 ms.`,
      `Spotlight: ${SPOTLIGHT} keywords (4 RE2 patterns, 16 words), ${result.spotlightMarks} marks.`,
    ],
  };
}
