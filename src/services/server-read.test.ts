import { afterEach, describe, expect, it, vi } from "vitest";
import { FetchError } from "../api/fetch-error.ts";
import { type LoadState, readFailure, runRead } from "./server-read.ts";

afterEach(() => {
  vi.useRealTimers();
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

describe("runRead", () => {
  it("shows loading, then the answer", async () => {
    const shown: LoadState<string, string>[] = [];
    const answer = deferred<string>();
    runRead(
      "api",
      "keyword",
      () => answer.promise,
      (state) => shown.push(state),
    );
    expect(shown).toEqual([{ status: "loading", input: "keyword" }]);
    answer.resolve("results");
    await answer.promise;
    expect(shown.at(-1)).toEqual({ status: "ready", input: "keyword", data: "results" });
  });

  it("aborts the request and shows nothing more once cancelled", async () => {
    const shown: LoadState<string, string>[] = [];
    const answer = deferred<string>();
    let signal: AbortSignal | undefined;
    const cancel = runRead(
      "api",
      "keyword",
      (_api, _input, given) => {
        signal = given;
        return answer.promise;
      },
      (state) => shown.push(state),
    );
    cancel();
    expect(signal?.aborted).toBe(true);
    answer.resolve("late");
    await answer.promise;
    expect(shown).toEqual([{ status: "loading", input: "keyword" }]);
  });

  it("waits the delay before reading, and reads nothing if cancelled meanwhile", () => {
    vi.useFakeTimers();
    const read = vi.fn(() => Promise.resolve("x"));
    const cancel = runRead("api", "a", read, () => undefined, { delayMs: 300 });
    vi.advanceTimersByTime(299);
    expect(read).not.toHaveBeenCalled();
    cancel();
    vi.advanceTimersByTime(10);
    expect(read).not.toHaveBeenCalled();
    runRead("api", "ab", read, () => undefined, { delayMs: 300 });
    vi.advanceTimersByTime(300);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it("keeps what shows while the same input is read again, and says when it settled", async () => {
    const shown: LoadState<string, string>[] = [];
    const settled = vi.fn();
    const answer = deferred<string>();
    runRead(
      "api",
      "a",
      () => answer.promise,
      (state) => shown.push(state),
      {
        quiet: true,
        onSettled: settled,
      },
    );
    expect(shown).toEqual([]);
    answer.resolve("again");
    await answer.promise;
    expect(shown).toEqual([{ status: "ready", input: "a", data: "again" }]);
    expect(settled).toHaveBeenCalledTimes(1);
  });

  it("shows a failure with its code and line", async () => {
    const shown: LoadState<string, string>[] = [];
    const refused = new FetchError({
      method: "GET",
      url: "/discover",
      status: 400,
      data: { code: 1002, message: "Invalid request", reason: "Too short" },
    });
    runRead(
      "api",
      "a",
      () => Promise.reject(refused),
      (state) => shown.push(state),
    );
    await Promise.resolve();
    await Promise.resolve();
    expect(shown.at(-1)).toMatchObject({ status: "failed", code: 1002, message: "Too short" });
  });
});

describe("readFailure", () => {
  it("lets the caller word a failure it knows better", () => {
    const failure = readFailure(new Error("bad syntax"), () => "Unclosed quote");
    expect(failure).toMatchObject({ code: undefined, message: "Unclosed quote" });
  });
});
