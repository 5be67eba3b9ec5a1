import { join } from "node:path";
import { rolldown } from "rolldown";
import { launchBrowser } from "../tests/e2e/support/browser.ts";
import { ratio, round, type Table } from "./support/table.ts";

/**
 * Rendering an entry with 200 highlights against the same entry without them, in Chromium: the
 * sanitized HTML set into the entry pane, then (with highlights) each anchored over the text and
 * wrapped in marks, then a forced layout. One frame is 16.7 ms at 60 Hz.
 */
const HIGHLIGHTS = 200;
const PARAGRAPHS = 120;
const ROUNDS = 30;

export interface HighlightsRenderResult {
  plainMs: number;
  markedMs: number;
  marks: number;
  textLength: number;
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
      ({ HIGHLIGHTS, PARAGRAPHS, ROUNDS }) => {
        type Bench = {
          describeRange(text: string, start: number, end: number): Record<string, unknown>;
          markHighlights(root: HTMLElement, highlights: unknown[]): Set<string>;
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
        const render = (marked: boolean) => {
          const t0 = performance.now();
          root.innerHTML = html;
          const missing = marked ? bench.markHighlights(root, highlights) : new Set();
          void root.offsetHeight;
          return { ms: performance.now() - t0, missing: missing.size };
        };
        // Warm-up, then alternating rounds so both see the same machine state; medians.
        render(false);
        render(true);
        const plain: number[] = [];
        const marked: number[] = [];
        for (let r = 0; r < ROUNDS; r++) {
          plain.push(render(false).ms);
          marked.push(render(true).ms);
        }
        const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1]!;
        return {
          plainMs: median(plain),
          markedMs: median(marked),
          marks: root.querySelectorAll("mark[data-highlight-id]").length,
          textLength: text.length,
        };
      },
      { HIGHLIGHTS, PARAGRAPHS, ROUNDS },
    );
  } finally {
    await browser.close();
  }
}

export function highlightsRenderTable(result: HighlightsRenderResult): Table {
  return {
    title: `Entry render with ${HIGHLIGHTS} highlights (Chromium, median of ${ROUNDS})`,
    headers: ["render", "ms", "vs without"],
    rows: [
      ["without highlights", round(result.plainMs, 2), "1.00×"],
      [
        `with ${HIGHLIGHTS} highlights`,
        round(result.markedMs, 2),
        ratio(result.markedMs, result.plainMs),
      ],
      ["difference", round(result.markedMs - result.plainMs, 2), ""],
    ],
    notes: [
      `${result.marks} marks over ${result.textLength} characters of text; one frame is 16.7 ms.`,
    ],
  };
}
