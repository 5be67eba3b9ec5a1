import { Duration, Effect, Schedule } from "effect";
import { describe, expect, it } from "vitest";
import { endpoints } from "../../contract/api/index.ts";
import { FetchError } from "../api/fetch-error.ts";
import { backoffSchedule } from "./backoff.ts";
import { classify, Rejected, Retryable, rejection } from "./failures.ts";

const answer = (status: number | null, data?: unknown, aborted = false) =>
  new FetchError({ method: "POST", url: endpoints.reads.markRead.path, status, data, aborted });

describe("what the engine retries (no answer, or a status it retries)", () => {
  it("retries the listed statuses and no answer at all; a network failure is marked as such", () => {
    for (const status of [408, 409, 425, 429, 500, 502, 503, 504]) {
      expect(classify(answer(status))).toBeInstanceOf(Retryable);
    }
    expect(classify(answer(null))).toMatchObject({ _tag: "Retryable", network: true });
    expect(classify(answer(null, undefined, true))).toMatchObject({
      _tag: "Retryable",
      network: false,
    });
    // Signed out: the queue waits for the next sign-in instead of dropping the user's actions.
    expect(classify(answer(401))).toBeInstanceOf(Retryable);
  });

  it("retries code 1 ('still running') under any status: it is never a final answer", () => {
    const stillRunning = { code: 1, message: "Previous operation is not completed" };
    for (const status of [409, 400, 403]) {
      expect(classify(answer(status, stillRunning))).toMatchObject({
        _tag: "Retryable",
        network: false,
      });
    }
    // Any other code under those statuses is a refusal.
    expect(classify(answer(400, { code: 1002, message: "Invalid parameter" }))).toBeInstanceOf(
      Rejected,
    );
  });

  it("rolls back on other 4xx answers, and on defects in a command's own code", () => {
    for (const status of [400, 403, 404, 413, 422])
      expect(classify(answer(status))).toBeInstanceOf(Rejected);
    expect(classify(new TypeError("boom"))).toBeInstanceOf(Rejected);
  });

  it("describes a refusal with its catalogue code", () => {
    const error = answer(404, { code: 2001, message: "Feed not found", reason: "not yours" });
    expect(
      rejection(
        { commandId: "c", name: "subscriptions.edit", label: "commands:subscriptions.edit" },
        error,
      ),
    ).toMatchObject({
      code: 2001,
      status: 404,
      messageKey: "errors:2001",
      fallback: "Feed not found",
      reason: "not yours",
    });
  });
});

describe("backoff", () => {
  it("doubles from the base up to the cap, and never gives up", async () => {
    const delays = await Effect.runPromise(
      Effect.gen(function* () {
        const step = yield* Schedule.toStep(
          backoffSchedule({ baseMs: 100, maxMs: 1000, jitter: false }),
        );
        const out: number[] = [];
        for (let i = 0; i < 40; i++) out.push(Duration.toMillis((yield* step(0, undefined))[1]));
        return out;
      }),
    );
    expect(delays.slice(0, 6)).toEqual([100, 200, 400, 800, 1000, 1000]);
    expect(delays.at(-1)).toBe(1000);
  });
});
