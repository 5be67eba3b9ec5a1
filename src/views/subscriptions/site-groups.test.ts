import { describe, expect, it } from "vitest";
import type { SubscriptionItem } from "../../queries/index.ts";
import { groupBySite, siteHost } from "./site-groups.ts";

function item(
  id: string,
  siteUrl: string | null,
  url: string | null,
  unread = 0,
): SubscriptionItem {
  return {
    id,
    type: "feed",
    feedId: id,
    listId: null,
    inboxId: null,
    view: 0,
    isPrivate: false,
    title: id,
    customTitle: null,
    category: null,
    url,
    siteUrl,
    image: null,
    errorAt: null,
    errorMessage: null,
    nextRetryAt: null,
    unread,
    pending: false,
  };
}

describe("grouping feeds by site (autoGroup)", () => {
  it("reads the site's host, else the feed's, without www", () => {
    expect(siteHost(item("a", "https://www.Example.com/blog", null))).toBe("example.com");
    expect(siteHost(item("a", null, "https://feeds.example.org/rss"))).toBe("feeds.example.org");
    expect(siteHost(item("a", "not a url", null))).toBeNull();
  });

  it("puts two or more feeds of one site together, the rest as they were", () => {
    const loose = [
      item("a-posts", "https://a.example/", "https://a.example/posts.xml", 2),
      item("b", "https://b.example/", "https://b.example/rss"),
      item("a-comments", "https://www.a.example/", "https://a.example/comments.xml", 3),
    ];
    const { sites, rest } = groupBySite(loose, true);
    expect(sites).toEqual([{ host: "a.example", items: [loose[0], loose[2]], unread: 5 }]);
    expect(rest).toEqual([loose[1]]);
  });

  it("leaves everything loose when the setting is off", () => {
    const loose = [item("x", "https://a.example/", null), item("y", "https://a.example/", null)];
    expect(groupBySite(loose, false)).toEqual({ sites: [], rest: loose });
  });
});
