import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  createSettingsSync,
  enqueueSettings,
  type QueuedSettings,
  requeueSettings,
} from "./sync-queue.ts";

function fakeClock() {
  let now = 0;
  const timers: { at: number; run: () => void; id: number }[] = [];
  let nextId = 1;
  return {
    now: () => now,
    setTimer(run: () => void, ms: number) {
      const id = nextId++;
      timers.push({ at: now + ms, run, id });
      return id;
    },
    clearTimer(id: unknown) {
      const index = timers.findIndex((timer) => timer.id === id);
      if (index >= 0) timers.splice(index, 1);
    },
    async advance(ms: number) {
      const until = now + ms;
      for (;;) {
        timers.sort((a, b) => a.at - b.at);
        const next = timers[0];
        if (!next || next.at > until) break;
        timers.shift();
        now = next.at;
        next.run();
        await Promise.resolve();
        await Promise.resolve();
      }
      now = until;
    },
  };
}

describe("settings sync queue (pure)", () => {
  it("merges per tab, later keys winning, and keeps the latest date", () => {
    let queue: QueuedSettings[] = [];
    queue = enqueueSettings(queue, { tab: "general", payload: { a: 1, b: 1 }, date: 1 });
    queue = enqueueSettings(queue, { tab: "appearance", payload: { c: 1 }, date: 2 });
    queue = enqueueSettings(queue, { tab: "general", payload: { b: 2 }, date: 3 });
    expect(queue).toEqual([
      { tab: "general", payload: { a: 1, b: 2 }, date: 3 },
      { tab: "appearance", payload: { c: 1 }, date: 2 },
    ]);
  });

  it("never queues an empty payload", () => {
    expect(enqueueSettings([], { tab: "general", payload: {}, date: 1 })).toEqual([]);
  });

  it("holds at most one item per tab whatever the changes", () => {
    const item = fc.record({
      tab: fc.constantFrom("general" as const, "appearance" as const),
      payload: fc.dictionary(fc.constantFrom("a", "b", "c"), fc.integer()),
      date: fc.nat(),
    });
    fc.assert(
      fc.property(fc.array(item), (items) => {
        const queue = items.reduce<QueuedSettings[]>(enqueueSettings, []);
        const tabs = queue.map((queued) => queued.tab);
        expect(new Set(tabs).size).toBe(tabs.length);
        for (const queued of queue) expect(Object.keys(queued.payload).length).toBeGreaterThan(0);
        // The last value written for each key of each tab is the one queued.
        for (const queued of queue) {
          for (const [key, value] of Object.entries(queued.payload)) {
            const last = items.filter((i) => i.tab === queued.tab && key in i.payload).at(-1);
            expect(last?.payload[key]).toBe(value);
          }
        }
      }),
    );
  });

  it("requeues a failed item under newer changes", () => {
    const queue = requeueSettings([{ tab: "general", payload: { a: 2 }, date: 5 }], {
      tab: "general",
      payload: { a: 1, b: 1 },
      date: 3,
    });
    expect(queue).toEqual([{ tab: "general", payload: { a: 2, b: 1 }, date: 5 }]);
  });
});

describe("settings sync scheduler", () => {
  function setup(online = true) {
    const clock = fakeClock();
    const sent: { at: number; item: QueuedSettings }[] = [];
    let isOnline = online;
    let fail = false;
    const sync = createSettingsSync({
      send: async (item) => {
        if (fail) throw new Error("refused");
        sent.push({ at: clock.now(), item });
      },
      isOnline: () => isOnline,
      now: clock.now,
      setTimer: clock.setTimer,
      clearTimer: clock.clearTimer,
    });
    return {
      clock,
      sent,
      sync,
      setOnline: (value: boolean) => {
        isOnline = value;
      },
      setFail: (value: boolean) => {
        fail = value;
      },
    };
  }

  it("sends at most once per second, merging what came in between", async () => {
    const { clock, sent, sync } = setup();
    sync.enqueue({ tab: "general", payload: { a: 1 }, date: 0 });
    await clock.advance(0);
    expect(sent.map((s) => s.at)).toEqual([0]);
    for (let i = 0; i < 5; i++) {
      await clock.advance(100);
      sync.enqueue({ tab: "general", payload: { a: i + 2 }, date: clock.now() });
    }
    await clock.advance(100);
    expect(sent).toHaveLength(1);
    await clock.advance(400);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual({ at: 1000, item: { tab: "general", payload: { a: 6 }, date: 500 } });
  });

  it("waits while offline and flushes when back online", async () => {
    const { clock, sent, sync, setOnline } = setup(false);
    sync.enqueue({ tab: "appearance", payload: { wideMode: true }, date: 1 });
    await clock.advance(5000);
    expect(sent).toEqual([]);
    expect(sync.pending()).toHaveLength(1);
    setOnline(true);
    await sync.flush();
    expect(sent.map((s) => s.item.payload)).toEqual([{ wideMode: true }]);
    expect(sync.pending()).toEqual([]);
  });

  it("keeps a refused item and does not retry it every second", async () => {
    const { clock, sent, sync, setFail } = setup();
    setFail(true);
    sync.enqueue({ tab: "general", payload: { a: 1 }, date: 1 });
    await clock.advance(10_000);
    expect(sync.pending()).toEqual([{ tab: "general", payload: { a: 1 }, date: 1 }]);
    setFail(false);
    sync.enqueue({ tab: "general", payload: { b: 1 }, date: 2 });
    await clock.advance(1000);
    expect(sent.map((s) => s.item.payload)).toEqual([{ a: 1, b: 1 }]);
  });
});
