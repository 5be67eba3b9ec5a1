import { describe, expect, inject, it } from "vitest";
import { INITIAL_JS_BUDGET_KB, initialJs } from "../../scripts/initial-js.ts";

/**
 * Today's figure with a little room: the initial JS may not grow past it. The aim is
 * INITIAL_JS_BUDGET_KB, not met yet; lower this as the first paint sheds code.
 */
const INITIAL_JS_CEILING_KB = 268;

describe("initial JS of the built client (the suite's production build)", () => {
  it("stays under its ceiling, gzipped, and the database worker stays a file of its own", () => {
    const figures = initialJs(inject("clientDistDir"));
    console.log(
      `initial JS: page ${(figures.pageGzip / 1000).toFixed(1)} kB, database worker ${(figures.workerGzip / 1000).toFixed(1)} kB gzipped (aim ${INITIAL_JS_BUDGET_KB} kB)`,
    );
    expect(figures.page.length).toBeGreaterThan(0);
    expect(figures.worker.length).toBeGreaterThan(0);
    expect(figures.pageGzip).toBeLessThan(INITIAL_JS_CEILING_KB * 1000);
  });
});
