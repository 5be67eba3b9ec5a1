import { describe, expect, it } from "vitest";
import { isInboxUrl, isOwnedByOther, isPublicFeed } from "./feed-access.ts";

const feed = (url: string, owner: string | null = null) => ({ url, owner_user_id: owner });

describe("who may reach a feed", () => {
  it("keeps an owned feed (an inbox) to its owner, and an ownerless inbox to no one", () => {
    expect(isOwnedByOther(feed("inbox://alice", "a"), "b")).toBe(true);
    expect(isOwnedByOther(feed("inbox://alice", "a"), "a")).toBe(false);
    expect(isOwnedByOther(feed("INBOX://alice"), "a")).toBe(true);
    expect(isOwnedByOther(feed("https://example.com/feed.xml"), "a")).toBe(false);
  });

  it("offers without its URL only feeds with no owner and no secret in the URL", () => {
    expect(isPublicFeed(feed("https://example.com/feed.xml"))).toBe(true);
    for (const url of [
      "https://example.com/feed.xml?k2=Zx81Qp",
      "https://user:pw@example.com/feed.xml",
      "https://example.com/private/9f86d081884c7d659a2feaa0c55ad015a3bf4f1b/feed.xml",
    ]) {
      expect(isPublicFeed(feed(url)), url).toBe(false);
    }
    expect(isPublicFeed(feed("inbox://alice", "a"))).toBe(false);
    expect(isPublicFeed(feed("https://example.com/feed.xml", "a"))).toBe(false);
  });

  it("names inbox URLs however they are spelled", () => {
    expect(isInboxUrl(" Inbox://alice ")).toBe(true);
    expect(isInboxUrl("https://inbox.example.com/")).toBe(false);
  });
});
