import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  cacheLifetimeMs,
  failureInterval,
  healthyInterval,
  MAX_INTERVAL_MS,
  MIN_INTERVAL_MS,
  updatesPerWeek,
} from "./schedule.ts";

const iso = (ms: number) => new Date(ms).toISOString();

describe("feed schedule", () => {
  it("checks a feed about every half gap between its entries, within 10 min..24 h", () => {
    const hourly = Array.from({ length: 10 }, (_, i) => iso(Date.UTC(2026, 0, 1) - i * 3_600_000));
    expect(healthyInterval(hourly, null)).toBe(30 * 60_000);
    const weekly = Array.from({ length: 5 }, (_, i) =>
      iso(Date.UTC(2026, 0, 1) - i * 7 * 86_400_000),
    );
    expect(healthyInterval(weekly, null)).toBe(MAX_INTERVAL_MS);
    const burst = Array.from({ length: 5 }, (_, i) => iso(Date.UTC(2026, 0, 1) - i * 1000));
    expect(healthyInterval(burst, null)).toBe(MIN_INTERVAL_MS);
  });

  it("never checks sooner than the server's cache lifetime asks", () => {
    const hourly = Array.from({ length: 10 }, (_, i) => iso(Date.UTC(2026, 0, 1) - i * 3_600_000));
    expect(healthyInterval(hourly, 2 * 3_600_000)).toBe(2 * 3_600_000);
    expect(cacheLifetimeMs({ "cache-control": "public, max-age=600" })).toBe(600_000);
    expect(
      cacheLifetimeMs({ expires: new Date(Date.now() + 60_000).toUTCString() }),
    ).toBeGreaterThan(50_000);
    expect(cacheLifetimeMs({})).toBeNull();
  });

  it("backs off exponentially with jitter, capped, honouring Retry-After", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (failures, r) => {
          const interval = failureInterval(failures, null, () => r);
          expect(interval).toBeGreaterThanOrEqual(MIN_INTERVAL_MS * 0.8);
          expect(interval).toBeLessThanOrEqual(MAX_INTERVAL_MS * 1.2);
          const next = failureInterval(failures + 1, null, () => r);
          expect(next).toBeGreaterThanOrEqual(interval);
        },
      ),
    );
    expect(failureInterval(1, 7200, () => 0.5)).toBe(7_200_000);
  });

  it("counts updates per week", () => {
    const now = Date.UTC(2026, 0, 10);
    const times = [iso(now - 86_400_000), iso(now - 3 * 86_400_000), iso(now - 9 * 86_400_000)];
    expect(updatesPerWeek(times, now)).toBe(2);
  });
});
