import { Effect } from "effect";
import type { ApiFetch } from "../api/client.ts";
import { isFetchError } from "../api/fetch-error.ts";
import type { DomainEvent } from "../commands/events.ts";
import type { AnyCommand } from "../commands/registry.ts";
import type { LocalDatabase } from "../db/types.ts";
import type { Connectivity } from "./connectivity.ts";
import { classify, Rejected, Retryable } from "./failures.ts";
import { confirmCommand, type OutboxRow, outboxHead, recordAttempt } from "./outbox.ts";
import { foreverLogged, type RetryContext, untilSettled } from "./retry.ts";
import type { Signal } from "./signal.ts";
import { commandApi } from "./sync-api.ts";

export interface PushContext extends RetryContext {
  db: LocalDatabase;
  api: ApiFetch;
  timeoutMs: number;
  outboxChanged: Signal;
  setPushing(pushing: boolean): void;
  /** With the events its answer produced (a confirmed subscription names its feed). */
  onConfirmed(command: AnyCommand, answerEvents: readonly DomainEvent[]): void;
  onRejected(row: OutboxRow, command: AnyCommand | undefined, error: Rejected): Promise<void>;
  log(message: string, detail?: unknown): void;
}

interface Confirmed {
  readonly _tag: "Confirmed";
  readonly events: readonly DomainEvent[];
}

/** Sends queued commands one at a time, oldest first, for as long as the engine runs. */
export function pushLoop(ctx: PushContext): Effect.Effect<never> {
  const step = Effect.gen(function* () {
    const seen = ctx.outboxChanged.version;
    const head = yield* Effect.promise(() => outboxHead(ctx.db));
    if (!head) return yield* ctx.outboxChanged.after(seen);
    ctx.setPushing(true);
    yield* pushCommand(ctx, head).pipe(Effect.ensuring(Effect.sync(() => ctx.setPushing(false))));
  });
  return foreverLogged(step, ctx.log, ctx.backoff.baseMs);
}

/** One command until it settles: confirmed, or refused and rolled back. */
function pushCommand(ctx: PushContext, head: OutboxRow) {
  return Effect.gen(function* () {
    // The definitions (their payload schemas bring Effect Schema) load with the first command
    // to send, not with the engine: a first visit pulls before it paints its first rows.
    const { findCommand } = yield* Effect.promise(() => import("../commands/registry.ts"));
    const command = findCommand(head.name);
    const outcome = command
      ? yield* untilSettled(ctx, attempt(ctx, head, command), (failure) =>
          Effect.promise(() => recordAttempt(ctx.db, head.commandId, failure.error)),
        )
      : new Rejected({ error: new Error(`Unknown command ${head.name}`) });
    if (outcome instanceof Rejected) {
      yield* Effect.promise(() => ctx.onRejected(head, command, outcome));
    } else if (command) ctx.onConfirmed(command, outcome.events);
  });
}

function attempt(ctx: PushContext, head: OutboxRow, command: AnyCommand) {
  return Effect.promise(async (): Promise<Confirmed | Retryable | Rejected> => {
    let answer: unknown;
    try {
      answer = await command.sync(head.payload, commandApi(ctx.api, head.commandId, ctx));
    } catch (error) {
      reportConnectivity(ctx.connectivity, error);
      return classify(error);
    }
    ctx.connectivity.reportNetworkResult(true);
    let answerEvents: DomainEvent[] = [];
    try {
      const meta = { commandId: head.commandId, issuedAt: head.createdAt };
      answerEvents = command.confirm?.(head.payload, answer, meta) ?? [];
    } catch (error) {
      // An answer of an unexpected shape: the write stands; the next pull shows it.
      ctx.log(`sync: could not read the answer to ${head.name}`, error);
    }
    try {
      await confirmCommand(ctx.db, head, answerEvents);
    } catch (error) {
      // The server has it; sending again under the same key only replays its answer.
      return new Retryable({ error, network: false });
    }
    return { _tag: "Confirmed", events: answerEvents } satisfies Confirmed;
  });
}

/** A request without an answer means offline; any HTTP answer means online. */
export function reportConnectivity(connectivity: Connectivity, error: unknown) {
  if (!isFetchError(error) || error.aborted) return;
  connectivity.reportNetworkResult(error.status !== null);
}
