import { describe, expect, it } from "vitest";
import { endpointInfo } from "../../contract/api/info.ts";
import type { ApiCall } from "../api/call.ts";
import {
  createProfileBatcher,
  PROFILE_BATCH_WINDOW_MS,
  PROFILE_STALE_MS,
} from "./profile-batcher.ts";

/** A clock the test moves by hand; `later` callbacks run when their time comes. */
function manualClock() {
  let now = 0;
  const timers: Array<{ at: number; run(): void }> = [];
  return {
    now: () => now,
    later(run: () => void, ms: number) {
      timers.push({ at: now + ms, run });
    },
    async advance(ms: number) {
      now += ms;
      for (const timer of timers.splice(0).filter((t) => t.at <= now)) timer.run();
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
}

function fakeServer() {
  const requests: string[][] = [];
  const call = (async (endpoint: unknown, input: { ids: string[] }) => {
    expect(endpoint).toBe(endpointInfo.profiles.batch);
    requests.push(input.ids);
    return {
      code: 0,
      data: Object.fromEntries(
        input.ids
          .filter((id) => id !== "gone")
          .map((id) => [id, { id, name: `User ${id}`, handle: null, image: null }]),
      ),
    };
  }) as unknown as ApiCall;
  return { call, requests };
}

describe("profile batcher", () => {
  it("asks once for the ids wanted within the window, and shares answers", async () => {
    const clock = manualClock();
    const { call, requests } = fakeServer();
    const batcher = createProfileBatcher(call, clock);
    const a = batcher.get("1");
    const b = batcher.get("2");
    const again = batcher.get("1");
    const gone = batcher.get("gone");
    expect(requests).toEqual([]);
    await clock.advance(PROFILE_BATCH_WINDOW_MS);
    expect(requests).toEqual([["1", "2", "gone"]]);
    expect((await a)?.name).toBe("User 1");
    expect((await b)?.name).toBe("User 2");
    expect(await again).toBe(await a);
    expect(await gone).toBeUndefined();
  });

  it("answers from the cache for 5 minutes, then asks again", async () => {
    const clock = manualClock();
    const { call, requests } = fakeServer();
    const batcher = createProfileBatcher(call, clock);
    const first = batcher.get("7");
    await clock.advance(PROFILE_BATCH_WINDOW_MS);
    await first;
    await clock.advance(PROFILE_STALE_MS - 1);
    expect((await batcher.get("7"))?.name).toBe("User 7");
    expect(requests).toHaveLength(1);
    await clock.advance(1);
    const fresh = batcher.get("7");
    await clock.advance(PROFILE_BATCH_WINDOW_MS);
    await fresh;
    expect(requests).toHaveLength(2);
  });

  it("splits more than 100 ids into requests of at most 100", async () => {
    const clock = manualClock();
    const { call, requests } = fakeServer();
    const batcher = createProfileBatcher(call, clock);
    const all = Array.from({ length: 150 }, (_, i) => batcher.get(String(i)));
    await clock.advance(PROFILE_BATCH_WINDOW_MS);
    await Promise.all(all);
    expect(requests.map((ids) => ids.length)).toEqual([100, 50]);
  });
});
