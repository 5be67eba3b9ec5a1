import { Effect } from "effect";
import type { ApiFetch } from "../api/client.ts";
import type { LocalDatabase } from "../db/types.ts";
import { classify } from "./failures.ts";
import { fetchSnapshot, type PullOptions } from "./pull.ts";
import { reportConnectivity } from "./push.ts";
import { foreverLogged, type RetryContext, untilSettled } from "./retry.ts";
import { Signal } from "./signal.ts";
import { beginFetch, writeSnapshot } from "./snapshot.ts";

export interface PullContext extends RetryContext {
  db: LocalDatabase;
  api: ApiFetch;
  pull: Omit<PullOptions, "entries">;
  userId: string | undefined;
  now(): number;
  setPulling(pulling: boolean): void;
  pulled(at: number): void;
  log(message: string, detail?: unknown): void;
}

interface PullRequest {
  entries: boolean;
  /** Pages of entries wanted; undefined for the usual number (PullOptions.maxPages). */
  pages?: number;
  settle(error?: unknown): void;
}

/** Pull requests wait here; all that arrive during a pull are served by the next one. */
export class PullQueue {
  readonly requests: PullRequest[] = [];
  readonly arrived = new Signal();

  request(entries: boolean, pages?: number): Promise<void> {
    return new Promise((resolve, reject) => {
      this.requests.push({
        entries,
        pages,
        settle: (error) => (error ? reject(error) : resolve()),
      });
      this.arrived.notify();
    });
  }

  failAll(error: Error) {
    for (const request of this.requests.splice(0)) request.settle(error);
  }
}

export function pullLoop(ctx: PullContext, queue: PullQueue): Effect.Effect<never> {
  const step = Effect.gen(function* () {
    const seen = queue.arrived.version;
    if (queue.requests.length === 0) return yield* queue.arrived.after(seen);
    const batch = queue.requests.splice(0);
    ctx.setPulling(true);
    // Retried while the server is unreachable; a refusal (say, signed out) ends it.
    const outcome = yield* untilSettled(
      ctx,
      pullOnce(
        ctx,
        batch.some((r) => r.entries),
        pagesFor(batch, ctx.pull.maxPages),
      ),
    ).pipe(Effect.ensuring(Effect.sync(() => ctx.setPulling(false))));
    for (const request of batch) request.settle(outcome?.error);
  });
  return foreverLogged(step, ctx.log, ctx.backoff.baseMs);
}

/** The deepest pull any request of the batch asked for. */
function pagesFor(batch: readonly PullRequest[], usual: number): number {
  return Math.max(...batch.filter((r) => r.entries).map((r) => r.pages ?? usual), 1);
}

function pullOnce(ctx: PullContext, entries: boolean, maxPages: number) {
  return Effect.promise(async () => {
    try {
      // Other tabs pull too, and the leading one confirms commands meanwhile.
      const ticket = await beginFetch(ctx.db);
      const snapshot = await fetchSnapshot(ctx.api, { ...ctx.pull, entries, maxPages });
      ctx.connectivity.reportNetworkResult(true);
      const pulledAt = ctx.now();
      const iso = new Date(pulledAt).toISOString();
      await writeSnapshot(ctx.db, snapshot, { userId: ctx.userId, pulledAt: iso, ticket });
      ctx.pulled(pulledAt);
      return undefined;
    } catch (error) {
      reportConnectivity(ctx.connectivity, error);
      return classify(error);
    }
  });
}
