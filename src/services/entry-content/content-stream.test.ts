import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ApiFetch } from "../../api/client.ts";
import type { LocalDatabase } from "../../db/types.ts";
import { createContentStream } from "./content-stream.ts";

describe("content stream", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("batches requests and calls at most once per second", async () => {
    const calls: { at: number; ids: string[] }[] = [];
    const api = {
      call: async (_endpoint: unknown, input: { ids: string[] }) => {
        calls.push({ at: Date.now(), ids: input.ids });
        return input.ids.map((id) => ({ id, content: `c${id}` }));
      },
    } as unknown as ApiFetch;
    const writes: unknown[] = [];
    const db = {
      transaction: async (_tables: string[], work: (tx: unknown) => Promise<unknown>) =>
        work({ execute: async (...args: unknown[]) => writes.push(args), query: async () => [] }),
    } as unknown as LocalDatabase;
    const stream = createContentStream({ api, db });
    stream.request("1");
    stream.request("2");
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.ids).toEqual(["1", "2"]);
    stream.request("3");
    await vi.advanceTimersByTimeAsync(500);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(600);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(1000);
  });
});
