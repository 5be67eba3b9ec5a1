import { describe, expect, it } from "vitest";
import { LeaderLock } from "./device.ts";

/** The stand-in for the browser's Web Lock that the property test's tabs queue for. */
describe("sync property: the leader lock of one device's tabs", () => {
  it("grants the first request, queues the rest in order, and hands over on release", async () => {
    const lock = new LeaderLock();
    const granted: string[] = [];
    const [a, b, c] = ["a", "b", "c"].map((name) => {
      const lease = lock.request();
      void lease.acquired.then(() => granted.push(name));
      return lease;
    });
    await Promise.resolve();
    expect(granted).toEqual(["a"]);
    expect([a!.holds(), b!.holds(), c!.holds()]).toEqual([true, false, false]);
    // A waiting tab that closes leaves the queue without ever holding the lock.
    b!.release();
    a!.release();
    await Promise.resolve();
    expect(granted).toEqual(["a", "c"]);
    expect(c!.holds()).toBe(true);
    c!.release();
    expect(c!.holds()).toBe(false);
    const d = lock.request();
    await d.acquired;
    expect(d.holds()).toBe(true);
  });
});
