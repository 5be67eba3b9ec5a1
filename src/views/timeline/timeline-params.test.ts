import { describe, expect, it } from "vitest";
import { feedSelectionValue, readTimelineParams } from "./timeline-params.ts";

describe("readTimelineParams", () => {
  it("reads the default route", () => {
    expect(readTimelineParams("view-0", "all", "pending")).toEqual({
      view: 0,
      viewName: "Articles",
      feed: { kind: "all" },
      entryId: "pending",
      entryPending: true,
    });
  });

  it.each([
    ["view-1", "SocialMedia"],
    ["view-5", "Notifications"],
    ["view-9", "Articles"],
    ["list-123", "Articles"],
    ["anything", "Articles"],
  ])("timelineId %s gives view %s", (timelineId, name) => {
    expect(readTimelineParams(timelineId, "all").viewName).toBe(name);
  });

  it.each([
    ["all", "all", ""],
    ["collections", "collections", ""],
    ["folder-Tech News", "folder", "Tech News"],
    ["folder-a%20b", "folder", "a%20b"],
    ["list-74839201934857", "list", "74839201934857"],
    ["inbox-me", "inbox", "me"],
    ["search-74839201934857", "search", "74839201934857"],
    ["74839201934857", "feed", "74839201934857"],
    ["1111111111111,2222222222222", "feeds", "1111111111111,2222222222222"],
  ])("feedId %s (as the router decoded it) is a %s selection", (feedId, kind, value) => {
    const { feed } = readTimelineParams("view-0", feedId);
    expect(feed.kind).toBe(kind);
    expect(feedSelectionValue(feed)).toBe(value);
  });

  it("keeps a real entry id and treats a missing one as pending", () => {
    expect(readTimelineParams("view-0", "all", "74839201934857")).toMatchObject({
      entryId: "74839201934857",
      entryPending: false,
    });
    expect(readTimelineParams("view-0", "all")).toMatchObject({
      entryId: "pending",
      entryPending: true,
    });
  });
});
