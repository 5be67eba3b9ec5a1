import { afterEach, describe, expect, it, vi } from "vitest";
import type { Analytics } from "./analytics.ts";
import { connectProductEvents, noteProductCommands, trackProductEvent } from "./product-events.ts";

describe("product events", () => {
  it("names a first subscription and a first read from the commands, and a search once per page", async () => {
    const captured: string[] = [];
    connectProductEvents({
      capture: async (event: string) => {
        captured.push(event);
      },
    } as unknown as Analytics);
    const dispatch = noteProductCommands(async (_name: string, _payload: unknown) => ({}));
    await dispatch("subscriptions.subscribe", {});
    await dispatch("entries.markRead", {});
    await dispatch("collections.star", {});
    trackProductEvent("search_used", { mode: "auto" });
    trackProductEvent("search_used", { mode: "auto" });
    expect(captured).toEqual(["first_subscription", "first_entry_read", "search_used"]);
    connectProductEvents(undefined);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    connectProductEvents(undefined);
  });

  it("reports writes made offline once the browser is back online, counted when made", async () => {
    const captured: { event: string; properties: unknown }[] = [];
    connectProductEvents({
      capture: async (event: string, properties: unknown) => {
        captured.push({ event, properties });
      },
    } as unknown as Analytics);
    const window = new EventTarget();
    const navigator = { onLine: false };
    vi.stubGlobal("navigator", navigator);
    vi.stubGlobal("addEventListener", window.addEventListener.bind(window));
    // The connection comes back while the second write is being applied: it still counts.
    const dispatch = noteProductCommands(async (name: string, _payload: unknown) => {
      if (name === "collections.unstar") navigator.onLine = true;
      return {};
    });
    await dispatch("collections.star", {});
    await dispatch("collections.unstar", {});
    await dispatch("collections.star", {});
    expect(captured).toEqual([]);
    window.dispatchEvent(new Event("online"));
    expect(captured).toEqual([{ event: "offline_replay", properties: { writes: 2 } }]);
  });
});
