import { Duration, Effect, Schedule } from "effect";

export interface BackoffOptions {
  /** First pause after a failed attempt. */
  baseMs: number;
  /** The pauses double up to this. */
  maxMs: number;
  /** Randomise each pause by ±20% so many clients do not retry in step. */
  jitter?: boolean;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 1_000, maxMs: 60_000, jitter: true };

/** Exponential backoff, capped; it never gives up (a queued command is never dropped). */
export function backoffSchedule(options: BackoffOptions) {
  const capped = Schedule.exponential(Duration.millis(options.baseMs), 2).pipe(
    Schedule.modifyDelay(({ duration }) =>
      Effect.succeed(Duration.min(duration, Duration.millis(options.maxMs))),
    ),
  );
  return options.jitter === false ? capped : Schedule.jittered(capped);
}
