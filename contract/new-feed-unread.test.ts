import { describe, expect, it } from "vitest";
import { newFeedUnreadCount } from "./new-feed-unread.ts";

describe("newFeedUnreadCount", () => {
  it("reads a stored choice and falls back to 100 for anything else", () => {
    expect(newFeedUnreadCount("20")).toBe(20);
    expect(newFeedUnreadCount("0")).toBe(0);
    expect(newFeedUnreadCount(1000)).toBe(1000);
    expect(newFeedUnreadCount(undefined)).toBe(100);
    expect(newFeedUnreadCount("999999")).toBe(100);
    expect(newFeedUnreadCount({})).toBe(100);
  });
});
