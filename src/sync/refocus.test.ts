import { Subject } from "rxjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestClient, signUp } from "../../tests/support/sync/remote.ts";
import { freshEmail, startWorld, type World } from "../../tests/support/sync/world.ts";
import { REFOCUS_REFETCH_AFTER_MS, refocusRefetch } from "./focus.ts";

describe("window refocus (a refetch after 10 minutes away)", () => {
  it("refetches nothing under 10 minutes, everything but entries after", () => {
    expect(refocusRefetch(1_000, 1_000 + REFOCUS_REFETCH_AFTER_MS - 1)).toBeNull();
    expect(refocusRefetch(1_000, 1_000 + REFOCUS_REFETCH_AFTER_MS)).toEqual({ entries: false });
    expect(refocusRefetch(undefined, 0)).toEqual({ entries: false });
  });

  describe("in the engine", () => {
    let world: World;
    beforeAll(async () => {
      world = await startWorld({ feeds: 1, entriesPerFeed: 2 });
    }, 60_000);
    afterAll(() => world?.close());

    it("pulls on focus only when the data is older than 10 minutes, and leaves entries alone", async () => {
      const account = await signUp(world.baseUrl, freshEmail());
      const paths: string[] = [];
      let now = Date.parse("2026-06-01T00:00:00Z");
      const focus = new Subject<void>();
      const c = await openTestClient({
        baseUrl: world.baseUrl,
        account,
        fetch: (input, init) => {
          paths.push(`${init?.method ?? "GET"} ${new URL(String(input)).pathname}`);
          return fetch(input, init);
        },
        engine: { focus, clock: { now: () => now } },
      });
      c.engine.start();
      await c.engine.drain();
      paths.length = 0;

      now += REFOCUS_REFETCH_AFTER_MS - 1;
      focus.next();
      await c.engine.drain();
      expect(paths).toEqual([]);

      now += 1;
      focus.next();
      await c.engine.drain();
      expect(paths.sort()).toEqual([
        "GET /api/highlights",
        "GET /api/lists/list",
        "GET /api/reading-positions",
        "GET /api/reads",
        "GET /api/search/saved",
        "GET /api/subscriptions",
        "GET /api/tags/entries",
      ]);
      await c.close();
    });
  });
});
