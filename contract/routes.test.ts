import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { composeId } from "./ids.ts";
import {
  DEFAULT_TIMELINE_PATH,
  type FeedSelection,
  formatFeedIdParam,
  isPendingEntry,
  parseFeedIdParam,
  TIMELINE_ROUTE,
  timelineIdForView,
  timelineLink,
  timelineParams,
  timelinePath,
  viewFromTimelineId,
} from "./routes.ts";
import { FeedViewType, VIEW_VALUES } from "./views.ts";

const entityId = fc
  .integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2050, 11, 31) })
  .map((t) => composeId(t, 1, 1));
/** Any text a user may name a folder: unicode, spaces, punctuation, percent signs. */
const anyText = fc.oneof(
  fc.string({ unit: "grapheme" }),
  fc.constantFrom("My Folder", "技術 ブログ", "新闻/科技", "100% news", "a%20b", "x,y", "folder-"),
);
/** Any feed id, including ones that look like another form or a URL's dot segment. */
const plainFeedId = fc.oneof(
  entityId,
  fc.string(),
  fc.constantFrom(".", "..", "all", "collections", "folder-x", "tag-a", "feed-1", "a,b", ""),
);

const selection: fc.Arbitrary<FeedSelection> = fc.oneof(
  fc.constant({ kind: "all" as const }),
  fc.constant({ kind: "collections" as const }),
  anyText.map((name) => ({ kind: "folder" as const, name })),
  fc.oneof(entityId, fc.string()).map((listId) => ({ kind: "list" as const, listId })),
  fc.oneof(entityId, fc.string()).map((inboxId) => ({ kind: "inbox" as const, inboxId })),
  entityId.map((searchId) => ({ kind: "search" as const, searchId })),
  plainFeedId.map((feedId) => ({ kind: "feed" as const, feedId })),
  fc
    .array(entityId, { minLength: 2, maxLength: 10 })
    .map((feedIds) => ({ kind: "feeds" as const, feedIds })),
);

describe("feedId route parameter", () => {
  it("reads every form", () => {
    const id = composeId(Date.UTC(2030, 0, 1));
    expect(parseFeedIdParam("all")).toEqual({ kind: "all" });
    expect(parseFeedIdParam("")).toEqual({ kind: "all" });
    expect(parseFeedIdParam("collections")).toEqual({ kind: "collections" });
    expect(parseFeedIdParam("folder-技術 ブログ")).toEqual({ kind: "folder", name: "技術 ブログ" });
    expect(parseFeedIdParam("folder-100% a%20b")).toEqual({ kind: "folder", name: "100% a%20b" });
    expect(parseFeedIdParam(`list-${id}`)).toEqual({ kind: "list", listId: id });
    expect(parseFeedIdParam("inbox-my-inbox")).toEqual({ kind: "inbox", inboxId: "my-inbox" });
    expect(parseFeedIdParam(`search-${id}`)).toEqual({ kind: "search", searchId: id });
    expect(parseFeedIdParam(id)).toEqual({ kind: "feed", feedId: id });
    expect(parseFeedIdParam(`${id},${id}1`)).toEqual({ kind: "feeds", feedIds: [id, `${id}1`] });
    expect(parseFeedIdParam("feed-.")).toEqual({ kind: "feed", feedId: "." });
  });

  it("writes a bare id unless it would read back as something else", () => {
    const id = composeId(Date.UTC(2030, 0, 1));
    expect(formatFeedIdParam({ kind: "feed", feedId: id })).toBe(id);
    for (const feedId of [".", "..", "all", "folder-x", "a,b", "feed-2"]) {
      expect(formatFeedIdParam({ kind: "feed", feedId })).toBe(`feed-${feedId}`);
    }
  });

  it("round-trips every selection through its parameter", () => {
    fc.assert(
      fc.property(selection, (s) => {
        expect(parseFeedIdParam(formatFeedIdParam(s))).toEqual(s);
      }),
    );
  });

  it("round-trips through a real URL path segment", () => {
    fc.assert(
      fc.property(selection, (s) => {
        // What the router does: encode the parameter into the path, decode it back out.
        const url = new URL(
          `https://app.example/timeline/view-0/${encodeURIComponent(formatFeedIdParam(s))}/pending`,
        );
        const segment = decodeURIComponent(url.pathname.split("/")[3]!);
        expect(parseFeedIdParam(segment)).toEqual(s);
      }),
    );
  });

  it("formats a parsed parameter back to itself", () => {
    fc.assert(
      fc.property(selection, (s) => {
        const param = formatFeedIdParam(s);
        expect(formatFeedIdParam(parseFeedIdParam(param))).toBe(param);
      }),
    );
  });

  it("drops empty ids from a comma list", () => {
    expect(parseFeedIdParam("1,,2,")).toEqual({ kind: "feeds", feedIds: ["1", "2"] });
  });
});

describe("timelineId route parameter", () => {
  it.each(VIEW_VALUES)("view-%i names its view", (view) => {
    expect(viewFromTimelineId(`view-${view}`)).toBe(view);
    expect(viewFromTimelineId(timelineIdForView(view), FeedViewType.Pictures)).toBe(view);
  });

  it("an unknown view falls back to the list's view, else Articles", () => {
    expect(viewFromTimelineId("view-9")).toBe(FeedViewType.Articles);
    expect(viewFromTimelineId("view-9", FeedViewType.Videos)).toBe(FeedViewType.Videos);
    expect(viewFromTimelineId("view-9", 42)).toBe(FeedViewType.Articles);
  });

  it("garbage means Articles, or the list's view when given", () => {
    const garbage = fc.oneof(
      fc.string().filter((s) => !s.startsWith("view-")),
      fc.stringMatching(/^[a-z]*$/).map((s) => `view-${s}x`),
      fc.integer({ min: 6 }).map((n) => `view-${n}`),
      fc.integer({ max: -1 }).map((n) => `view-${n}`),
    );
    fc.assert(
      fc.property(garbage, fc.constantFrom(...VIEW_VALUES), (timelineId, listView) => {
        expect(viewFromTimelineId(timelineId)).toBe(FeedViewType.Articles);
        expect(viewFromTimelineId(timelineId, listView)).toBe(listView);
      }),
    );
  });
});

describe("entryId and root redirect", () => {
  it("treats a missing entry and 'pending' alike", () => {
    expect(isPendingEntry(undefined)).toBe(true);
    expect(isPendingEntry("pending")).toBe(true);
    expect(isPendingEntry(composeId(Date.UTC(2030, 0, 1)))).toBe(false);
  });

  it("redirects / to the Articles timeline with default ids", () => {
    expect(DEFAULT_TIMELINE_PATH).toBe("/timeline/view-0/all/pending");
  });
});

describe("timeline links", () => {
  it("fills in all feeds and no open entry by default", () => {
    expect(timelineLink({ view: FeedViewType.Pictures })).toEqual({
      to: TIMELINE_ROUTE,
      params: { timelineId: "view-2", feedId: "all", entryId: "pending" },
    });
  });

  it("formats a feed selection and keeps a timeline id from the URL", () => {
    expect(
      timelineParams({
        timelineId: "view-4",
        feed: { kind: "folder", name: "News" },
        entryId: "9",
      }),
    ).toEqual({ timelineId: "view-4", feedId: "folder-News", entryId: "9" });
  });

  it("writes a path the feed selection reads back from", () => {
    fc.assert(
      fc.property(anyText, fc.constantFrom(...VIEW_VALUES), (name, view) => {
        const path = timelinePath({ view, feed: { kind: "folder", name } });
        const [, , timelineId, feedId, entryId] = path.split("/");
        expect(viewFromTimelineId(timelineId!)).toBe(view);
        expect(parseFeedIdParam(decodeURIComponent(feedId!))).toEqual({ kind: "folder", name });
        expect(entryId).toBe("pending");
      }),
    );
  });
});
