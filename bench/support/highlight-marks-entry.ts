import { describeRange } from "../../contract/highlights/anchor.ts";
import { markHighlights } from "../../src/views/highlights/use-highlight-marks.ts";

/** What the highlights benchmark runs in the page (bundled for the browser by the benchmark). */
(globalThis as unknown as Record<string, unknown>).highlightBench = {
  describeRange,
  markHighlights,
};
