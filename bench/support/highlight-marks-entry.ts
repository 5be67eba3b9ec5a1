import { compileRegex } from "../../contract/actions-match.ts";
import { describeRange } from "../../contract/highlights/anchor.ts";
import { normalizeSpotlight } from "../../src/settings/spotlight.ts";
import { markHighlights } from "../../src/views/highlights/use-highlight-marks.ts";
import { markSpotlight } from "../../src/views/spotlight/spotlight-marks.ts";
import { spotlightMatcher } from "../../src/views/spotlight/spotlight-match.ts";

/** What the highlights benchmark runs in the page (bundled for the browser by the benchmark). */
(globalThis as unknown as Record<string, unknown>).highlightBench = {
  describeRange,
  markHighlights,
  /** Marks the spotlight keywords (stored-setting shape) in `root`; answers the marks made. */
  markSpotlight: (root: HTMLElement, keywords: unknown) => {
    const matcher = spotlightMatcher(normalizeSpotlight(keywords), compileRegex);
    return matcher ? markSpotlight(root, matcher) : 0;
  },
};
