import { afterEach, describe, expect, it, vi } from "vitest";
import type { Logger } from "../../logger.ts";
import { type DailyReports, startDailyReportLoop } from "./reports.ts";

const quiet = { error: () => undefined } as unknown as Logger;

describe("daily report loop", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("asks for the reports due at the injected clock's time, one check at a time", async () => {
    vi.useFakeTimers();
    const seen: string[] = [];
    let finish: (() => void) | undefined;
    const reports = {
      runDue: (now: Date) => {
        seen.push(now.toISOString());
        return new Promise<number>((done) => {
          finish = () => done(1);
        });
      },
    } as DailyReports;
    let clock = new Date("2026-03-08T11:59:00Z");
    const loop = startDailyReportLoop(reports, quiet, { intervalMs: 60_000, clock: () => clock });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(seen).toEqual(["2026-03-08T11:59:00.000Z"]);
    // A check still running is not overlapped by the next tick.
    clock = new Date("2026-03-08T12:00:00Z");
    await vi.advanceTimersByTimeAsync(60_000);
    expect(seen).toHaveLength(1);
    finish?.();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(seen).toEqual(["2026-03-08T11:59:00.000Z", "2026-03-08T12:00:00.000Z"]);
    finish?.();
    await loop.stop();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(seen).toHaveLength(2);
  });
});
