import { afterEach, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "../db/connect.ts";
import type { TrendingRanking } from "../storage/trending.ts";
import { createTrendingService, type TrendingService } from "./trending-service.ts";

const database = {} as DatabaseHandle;
const ranking = (n: number): TrendingRanking => ({
  feeds: [{ id: `feed-${n}`, score: n }],
  lists: [],
  users: [],
  entries: [],
  computedAt: new Date(n).toISOString(),
});

describe("trending service", () => {
  let service: TrendingService | undefined;
  afterEach(() => {
    service?.stop();
    vi.useRealTimers();
  });

  it("computes once, then answers from the schedule's latest ranking", async () => {
    vi.useFakeTimers();
    let runs = 0;
    service = createTrendingService(database, { refreshMs: 60_000 }, async () => ranking(++runs));
    expect((await service.current()).feeds[0]!.id).toBe("feed-1");
    expect((await service.current()).feeds[0]!.id).toBe("feed-1");
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toBe(2);
    expect((await service.current()).feeds[0]!.id).toBe("feed-2");
  });

  it("keeps the last ranking when a scheduled run fails, and retries a failed first one", async () => {
    vi.useFakeTimers();
    let runs = 0;
    service = createTrendingService(database, { refreshMs: 60_000 }, async () => {
      runs += 1;
      if (runs === 1 || runs === 3) throw new Error("database busy");
      return ranking(runs);
    });
    await expect(service.current()).rejects.toThrow("database busy");
    expect((await service.current()).feeds[0]!.id).toBe("feed-2");
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toBe(3);
    expect((await service.current()).feeds[0]!.id).toBe("feed-2");
  });

  it("computes per request when the refresh is 0", async () => {
    let runs = 0;
    service = createTrendingService(database, { refreshMs: 0 }, async () => ranking(++runs));
    await service.current();
    await service.current();
    expect(runs).toBe(2);
  });
});
