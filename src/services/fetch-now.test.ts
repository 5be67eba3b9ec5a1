import { describe, expect, it } from "vitest";
import type { ApiFetch } from "../api/client.ts";
import { FetchError } from "../api/fetch-error.ts";
import type { SubscriptionItem } from "../queries/subscriptions.ts";
import { FETCH_NOW_MAX_FEEDS, feedsToFetch, fetchNow } from "./fetch-now.ts";

const item = (feedId: string, view = 0, category: string | null = null): SubscriptionItem =>
  ({ feedId, listId: null, inboxId: null, view, category, pending: false }) as SubscriptionItem;

describe("fetch now from a timeline", () => {
  const subscriptions = [item("a", 0, "Tech"), item("b", 0), item("c", 1)];

  it("fetches the followed feeds the timeline shows, no more than the server allows", () => {
    expect(feedsToFetch(subscriptions, { kind: "all" }, 0)).toEqual(["a", "b"]);
    expect(feedsToFetch(subscriptions, { kind: "folder", name: "Tech" }, 0)).toEqual(["a"]);
    expect(feedsToFetch(subscriptions, { kind: "feed", feedId: "c" }, 1)).toEqual(["c"]);
    expect(feedsToFetch(subscriptions, { kind: "collections" }, 0)).toEqual([]);
    const many = Array.from({ length: 50 }, (_, i) => item(`f${i}`));
    expect(feedsToFetch(many, { kind: "all" }, 0)).toHaveLength(FETCH_NOW_MAX_FEEDS);
  });

  it("adds up what came in, keeps each failure, and stops when told to slow down", async () => {
    const asked: string[] = [];
    const api = {
      call: async (_endpoint: unknown, { id }: { id: string }) => {
        asked.push(id);
        if (id === "down") {
          return {
            code: 0,
            data: {
              ok: false,
              code: 2003,
              message: "HTTP 503",
              nextCheckAt: "2026-01-01T10:00:00.000Z",
            },
          };
        }
        if (id === "limit") {
          throw new FetchError({ method: "GET", url: "/x", status: 429, data: { code: 12000 } });
        }
        return { code: 0, data: { ok: true, inserted: 2, updated: 0, unchanged: false } };
      },
    } as unknown as ApiFetch;
    const result = await fetchNow(api, ["a", "down", "b"]);
    expect(result).toEqual({
      inserted: 4,
      failed: [{ feedId: "down", message: "HTTP 503", nextCheckAt: "2026-01-01T10:00:00.000Z" }],
      asked: 3,
    });
    const limited = await fetchNow(api, [
      "limit",
      ...Array.from({ length: 10 }, (_, i) => `x${i}`),
    ]);
    expect(limited.asked).toBeLessThan(11);
  });
});
