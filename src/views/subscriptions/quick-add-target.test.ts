import { describe, expect, it } from "vitest";
import type { SubscriptionItem } from "../../queries/index.ts";
import { followedSubscription, quickAddTarget } from "./quick-add-target.ts";

function subscription(feedId: string, url: string, extra: Partial<SubscriptionItem> = {}) {
  return {
    id: `feed/${feedId}`,
    type: "feed",
    feedId,
    listId: null,
    inboxId: null,
    view: 0,
    isPrivate: false,
    title: feedId,
    customTitle: null,
    category: null,
    url,
    siteUrl: "https://example.com/",
    image: null,
    errorAt: null,
    errorMessage: null,
    nextRetryAt: null,
    unread: 0,
    pending: false,
    ...extra,
  } satisfies SubscriptionItem;
}

describe("quick add target", () => {
  it("takes addresses with or without a scheme, localhost, IPv6 and feed routes", () => {
    expect(quickAddTarget("  ")).toEqual({ kind: "empty" });
    expect(quickAddTarget("example.com/feed")).toEqual({
      kind: "url",
      url: "https://example.com/feed",
    });
    expect(quickAddTarget("http://localhost:8080/rss")).toMatchObject({ kind: "url" });
    expect(quickAddTarget("http://[::1]/rss")).toMatchObject({ kind: "url" });
    expect(quickAddTarget("rsshub://github/issue/a/b")).toEqual({
      kind: "url",
      url: "rsshub://github/issue/a/b",
    });
  });

  it("says when the text is no web address", () => {
    for (const text of ["hello", "hello world", "ftp://example.com/feed", "javascript:alert(1)"]) {
      expect(quickAddTarget(text), text).toEqual({ kind: "invalid", text });
    }
  });

  it("finds a feed already followed by the previewed id or by its feed URL", () => {
    const list = [
      subscription("a", "https://a.example/feed.xml", { category: "News" }),
      subscription("p", "https://p.example/feed.xml", { pending: true }),
    ];
    expect(followedSubscription(list, "https://other.example/", "a")?.feedId).toBe("a");
    expect(followedSubscription(list, "http://A.example/feed.xml/", null)?.feedId).toBe("a");
    // A site address may have several feeds: the preview decides, not the site URL.
    expect(followedSubscription(list, "https://example.com/", null)).toBeNull();
    // A subscription still being made is no reason to refuse.
    expect(followedSubscription(list, "https://p.example/feed.xml", null)).toBeNull();
    expect(followedSubscription(list, "https://b.example/feed.xml", "b")).toBeNull();
  });
});
