import { Effect } from "effect";
import { BehaviorSubject, filter, type Observable, take } from "rxjs";

/**
 * A wake-up call that cannot be missed: a counter bumped on every notice. A waiter notes the
 * version first, checks its condition, then waits for a newer version.
 */
export class Signal {
  private readonly counter = new BehaviorSubject(0);

  get version(): number {
    return this.counter.value;
  }

  notify(): void {
    this.counter.next(this.counter.value + 1);
  }

  /** Resolves once a notice newer than `seen` has come. */
  after(seen: number): Effect.Effect<void> {
    return firstValue(this.counter.pipe(filter((version) => version > seen)));
  }

  /** The same wait, for promise code. */
  afterAsync(seen: number): Promise<void> {
    return Effect.runPromise(this.after(seen));
  }
}

/** The next value of an observable, as an interruptible Effect. */
export function firstValue<A>(source: Observable<A>): Effect.Effect<A> {
  return Effect.callback<A>((resume) => {
    const subscription = source.pipe(take(1)).subscribe((value) => resume(Effect.succeed(value)));
    return Effect.sync(() => subscription.unsubscribe());
  });
}
