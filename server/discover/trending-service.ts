import type { DatabaseHandle } from "../db/connect.ts";
import type { Logger } from "../logger.ts";
import { rankTrending, type TrendingRanking } from "../storage/trending.ts";

export interface TrendingService {
  /** The latest ranking; the first call computes it, later ones get what the schedule made. */
  current(): Promise<TrendingRanking>;
  stop(): void;
}

/**
 * Trending is computed on a schedule, not per request: every `refreshMs` a fresh ranking
 * replaces the last (a failed run keeps the last one). With `refreshMs` 0 every request
 * computes it (for tests and tiny servers).
 */
export function createTrendingService(
  database: DatabaseHandle,
  options: { refreshMs: number; logger?: Logger },
  rank: (database: DatabaseHandle) => Promise<TrendingRanking> = rankTrending,
): TrendingService {
  let latest: Promise<TrendingRanking> | null = null;
  let timer: NodeJS.Timeout | null = null;

  const compute = () => {
    const next = rank(database);
    next.then(
      () => {
        latest = next;
      },
      (error: unknown) => options.logger?.warn({ err: error }, "trending ranking failed"),
    );
    return next;
  };

  return {
    current() {
      if (options.refreshMs <= 0) return rank(database);
      if (!latest) {
        latest = compute().catch((error: unknown) => {
          latest = null;
          throw error;
        });
        timer ??= setInterval(() => void compute().catch(() => {}), options.refreshMs);
        timer.unref();
      }
      return latest;
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
