import { Duration, Effect, Schedule, type Semaphore } from "effect";
import { filter } from "rxjs";
import { type BackoffOptions, backoffSchedule } from "./backoff.ts";
import type { Connectivity } from "./connectivity.ts";
import { Retryable } from "./failures.ts";
import { firstValue, type Signal } from "./signal.ts";

export interface RetryContext {
  connectivity: Connectivity;
  /** Held for each attempt: pushes and pulls never overlap. */
  semaphore: Semaphore.Semaphore;
  backoff: BackoffOptions;
  reconnected: Signal;
}

/**
 * Runs `attempt` until it settles (anything but Retryable). Attempts wait while the browser
 * says offline; between failures the pause grows exponentially, and a reconnect cuts it short
 * and starts the pace again (queued work replays on reconnect).
 */
export function untilSettled<A>(
  ctx: RetryContext,
  attempt: Effect.Effect<A | Retryable>,
  onRetry: (failure: Retryable) => Effect.Effect<void> = () => Effect.void,
): Effect.Effect<Exclude<A, Retryable>> {
  return Effect.gen(function* () {
    let step = yield* Schedule.toStep(backoffSchedule(ctx.backoff));
    while (true) {
      yield* firstValue(ctx.connectivity.browserOnline$.pipe(filter(Boolean)));
      const reconnects = ctx.reconnected.version;
      const outcome = yield* ctx.semaphore.withPermit(attempt);
      if (!(outcome instanceof Retryable)) return outcome as Exclude<A, Retryable>;
      yield* onRetry(outcome);
      const [, delay] = yield* step(Date.now(), undefined).pipe(
        Effect.orElseSucceed(() => [0, Duration.millis(ctx.backoff.maxMs)] as const),
      );
      const reconnected = yield* Effect.raceFirst(
        Effect.sleep(delay).pipe(Effect.as(false)),
        ctx.reconnected.after(reconnects).pipe(Effect.as(true)),
      );
      if (reconnected) step = yield* Schedule.toStep(backoffSchedule(ctx.backoff));
    }
  });
}

/** Keeps a worker alive: an unexpected failure in one step is logged, then it goes on. */
export function foreverLogged(
  step: Effect.Effect<unknown>,
  log: (message: string, detail?: unknown) => void,
  pauseMs: number,
): Effect.Effect<never> {
  return Effect.forever(
    step.pipe(
      Effect.catchCause((cause) =>
        Effect.sync(() => log("sync: worker step failed", cause)).pipe(
          Effect.andThen(Effect.sleep(Duration.millis(pauseMs))),
        ),
      ),
    ),
  );
}
