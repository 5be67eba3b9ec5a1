import { describe, expect, it } from "vitest";
import { type FileTiming, formatRunTiming } from "./run-timing.ts";

const file = (project: string, name: string, start: number, end: number): FileTiming => ({
  project,
  file: name,
  seconds: (end - start) / 1000,
  startedAt: start,
  endedAt: end,
});

describe("the run's timing block", () => {
  it("gives the wall time, each project's sum and span, and the slowest files first", () => {
    const text = formatRunTiming(12.34, [
      file("unit", "a.test.ts", 0, 1_000),
      file("unit", "b.test.ts", 500, 3_500),
      file("integration", "c.test.ts", 0, 10_000),
    ]);
    expect(text.split("\n")).toEqual([
      "Time: 12.3 s for the whole run, 3 files",
      "  project      files   summed s     span s",
      "  integration      1       10.0       10.0",
      "  unit             2        4.0        3.5",
      "Slowest 3 files:",
      "     10.0 s  integration  c.test.ts",
      "      3.0 s  unit         b.test.ts",
      "      1.0 s  unit         a.test.ts",
    ]);
  });

  it("lists ten files at most", () => {
    const files = Array.from({ length: 14 }, (_, i) => file("e2e", `f${i}.test.ts`, 0, i * 1000));
    const lines = formatRunTiming(20, files).split("\n");
    const listed = lines.slice(lines.indexOf("Slowest 10 files:") + 1);
    expect(listed).toHaveLength(10);
    expect(listed[0]).toContain("f13.test.ts");
    expect(listed[9]).toContain("f4.test.ts");
  });
});
