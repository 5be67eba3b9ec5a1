import { describe, expect, it } from "vitest";
import type { SubscriptionItem } from "../../queries/index.ts";
import { emptyTimeline, selectionUnread } from "./empty-timeline.ts";

function feed(feedId: string, unread: number, view = 0, category: string | null = null) {
  return {
    id: `feed/${feedId}`,
    type: "feed",
    feedId,
    listId: null,
    inboxId: null,
    view,
    isPrivate: false,
    title: feedId,
    customTitle: null,
    category,
    url: null,
    siteUrl: null,
    image: null,
    errorAt: null,
    errorMessage: null,
    nextRetryAt: null,
    unread,
    pending: false,
  } satisfies SubscriptionItem;
}

describe("empty timeline", () => {
  it("welcomes a user without subscriptions instead of 'All caught up'", () => {
    expect(
      emptyTimeline({ subscriptions: [], feed: { kind: "all" }, view: 0, unreadOnly: true }),
    ).toEqual({ kind: "welcome" });
  });

  it("never says all caught up where the badge counts unread entries", () => {
    const subscriptions = [feed("a", 3), feed("b", 0, 0, "News"), feed("c", 2, 1)];
    const at = (selection: Parameters<typeof emptyTimeline>[0]["feed"], view = 0) =>
      emptyTimeline({ subscriptions, feed: selection, view, unreadOnly: true });
    expect(at({ kind: "feed", feedId: "a" })).toEqual({ kind: "unreadNotHere", unread: 3 });
    expect(at({ kind: "all" })).toEqual({ kind: "unreadNotHere", unread: 3 });
    expect(at({ kind: "all" }, 1)).toEqual({ kind: "unreadNotHere", unread: 2 });
    expect(at({ kind: "feed", feedId: "b" })).toEqual({ kind: "allRead" });
    expect(at({ kind: "folder", name: "News" })).toEqual({ kind: "allRead" });
    expect(at({ kind: "collections" })).toEqual({ kind: "allRead" });
    expect(
      emptyTimeline({
        subscriptions,
        feed: { kind: "feed", feedId: "b" },
        view: 0,
        unreadOnly: false,
      }),
    ).toEqual({ kind: "noEntries" });
    expect(selectionUnread(subscriptions, { kind: "feeds", feedIds: ["a", "c"] }, 0)).toBe(5);
  });
});
