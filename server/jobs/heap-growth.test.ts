import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const MODULE = fileURLToPath(new URL("./heap-growth.ts", import.meta.url));

/**
 * Full collections in a fresh process that keeps a sliding window of objects alive (so they are
 * promoted, then dropped: what storing a refresh round's entries does), with the policy held
 * through the churn, or held through a first churn and released before the counted one, or
 * never taken.
 */
function majorCollections(mode: "held" | "released" | "free", nodeFlags: string[] = []): number {
  const script = `
    import { PerformanceObserver, constants } from "node:perf_hooks";
    const { holdTightHeapGrowth } = await import(${JSON.stringify(MODULE)});
    let majors = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) majors++;
    }).observe({ entryTypes: ["gc"] });
    let window = [];
    async function churn(rounds) {
      for (let round = 0; round < rounds; round++) {
        for (let i = 0; i < 20_000; i++) window.push({ i, text: "entry " + i });
        if (window.length > 300_000) window = window.slice(150_000);
        await new Promise((resolve) => setImmediate(resolve));
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const mode = ${JSON.stringify(mode)};
    const release = mode === "free" ? undefined : holdTightHeapGrowth();
    if (mode === "released") {
      await churn(100);
      release();
      majors = 0;
    }
    await churn(200);
    console.log(majors);
  `;
  const run = spawnSync(process.execPath, [...nodeFlags, "--input-type=module", "-e", script], {
    encoding: "utf8",
    env: { ...process.env, NODE_OPTIONS: "" },
  });
  if (run.status !== 0) throw new Error(run.stderr);
  return Number(run.stdout.trim());
}

describe("holdTightHeapGrowth", () => {
  it("collects the old generation more often while held, at V8's own pace once released", () => {
    const free = majorCollections("free");
    const held = majorCollections("held");
    const released = majorCollections("released");
    expect(held).toBeGreaterThan(2 * free);
    expect(released).toBeLessThan(held / 2);
  });

  it.each(["--heap-growing-percent=20", "--heap_growing_percent=20"])(
    "leaves an operator's own %s in force after a release",
    (flag) => {
      const operatorTight = majorCollections("released", [flag]);
      const free = majorCollections("free");
      expect(operatorTight).toBeGreaterThan(2 * free);
    },
  );
});
