import { relative } from "node:path";
import type { Reporter, TestModule } from "vitest/node";
import { type FileTiming, formatRunTiming } from "./run-timing.ts";

/**
 * Ends the run with where its time went (wall time, each project, the slowest files), then one
 * plain line, `N passed, N failed, N skipped`, for CI logs.
 */
export default class SummaryReporter implements Reporter {
  private startedAt = performance.now();
  private readonly moduleStarts = new Map<string, number>();
  private readonly timings: FileTiming[] = [];

  onInit() {
    this.startedAt = performance.now();
  }

  onTestModuleQueued(testModule: TestModule) {
    this.moduleStarts.set(testModule.id, performance.now());
  }

  onTestModuleEnd(testModule: TestModule) {
    const endedAt = performance.now();
    // Tests and hooks only, should the start have gone unseen.
    const startedAt =
      this.moduleStarts.get(testModule.id) ?? endedAt - testModule.diagnostic().duration;
    this.timings.push({
      project: testModule.project.name,
      file: relative(process.cwd(), testModule.moduleId),
      seconds: (endedAt - startedAt) / 1000,
      startedAt,
      endedAt,
    });
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") passed += 1;
        else if (state === "failed") failed += 1;
        else skipped += 1;
      }
      if (module.state() === "failed" && [...module.children.allTests()].length === 0) failed += 1;
    }
    const wallSeconds = (performance.now() - this.startedAt) / 1000;
    process.stdout.write(`\n${formatRunTiming(wallSeconds, this.timings)}\n`);
    process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
