import { describe, expect, it } from "vitest";
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
});
