import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { INITIAL_JS_BUDGET_KB, initialJs } from "../../scripts/initial-js.ts";

/** The budget itself: the initial JS may not grow past it. */
const INITIAL_JS_CEILING_KB = INITIAL_JS_BUDGET_KB;
/**
 * How far the README's figure may drift from the build before it must be measured again
 * (`node scripts/initial-js.ts` prints it): every client change moves it a little.
 */
const README_DRIFT_KB = 3;

/** The figure the README's performance table gives for the initial JS, in kB. */
function readmeFigure(): number {
  const readme = readFileSync(join(import.meta.dirname, "../../README.md"), "utf8");
  const row = readme.match(
    /^\| Initial JS \(`node scripts\/initial-js\.ts[^|]*\| ([\d.]+) kB gzipped/m,
  );
  if (!row) throw new Error("README.md has no Initial JS row in its performance table");
  return Number(row[1]);
}

describe("initial JS of the built client (the suite's production build)", () => {
  const figures = initialJs(inject("clientDistDir"));

  it("stays under its budget, gzipped, and the database worker stays a file of its own", () => {
    console.log(
      `initial JS: page ${(figures.pageGzip / 1000).toFixed(1)} kB, database worker ${(figures.workerGzip / 1000).toFixed(1)} kB gzipped (budget ${INITIAL_JS_BUDGET_KB} kB)`,
    );
    expect(figures.page.length).toBeGreaterThan(0);
    expect(figures.worker.length).toBeGreaterThan(0);
    expect(figures.pageGzip).toBeLessThan(INITIAL_JS_CEILING_KB * 1000);
  });

  it("is the figure the README states, give or take a few kB", () => {
    const measured = figures.pageGzip / 1000;
    expect(Math.abs(readmeFigure() - measured)).toBeLessThanOrEqual(README_DRIFT_KB);
  });
});
