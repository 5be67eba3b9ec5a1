import { describe, expect, it } from "vitest";
import type { EntryListItem, FeedModel } from "../../contract/reading-models.ts";
import { entryRow, listRow } from "./rows.ts";

const feed: FeedModel = {
  type: "feed",
  id: "f1",
  url: "https://example.com/feed",
  title: "Example",
  description: null,
  image: null,
  siteUrl: null,
  ownerUserId: null,
  errorAt: null,
  errorMessage: null,
};

const item = (feedType: string, content?: string): EntryListItem => ({
  entries: {
    id: "e1",
    feedId: "f1",
    guid: "g1",
    title: "Hello",
    url: null,
    ...(content === undefined ? {} : { content }),
    description: "d",
    author: null,
    authorUrl: null,
    authorAvatar: null,
    language: null,
    categories: ["a"],
    media: [],
    attachments: [],
    extra: null,
    publishedAt: "2026-06-01T00:00:00.000Z",
    insertedAt: "2026-06-01T00:00:01.000Z",
  },
  feeds: { ...feed, type: feedType } as FeedModel,
  read: true,
  view: 0,
});

describe("mapping rules from server data (SPEC §3)", () => {
  it("leaves content empty in list form and takes read from the server", () => {
    expect(entryRow(item("feed"))).toMatchObject({ content: "", read: 1, categories: '["a"]' });
    expect(entryRow(item("feed", "<p>x</p>")).content).toBe("<p>x</p>");
  });

  it("sets inboxHandle only for inbox feeds", () => {
    expect(entryRow(item("feed")).inbox_handle).toBeNull();
    expect(entryRow(item("inbox")).inbox_handle).toBe("f1");
  });

  it("stores a list only with an owner, its purchase amount as text", () => {
    const list = { id: "l1", title: "L", view: 0, purchaseAmount: 12.5 };
    expect(listRow(list)).toBeUndefined();
    expect(listRow({ ...list, ownerUserId: "u" })).toMatchObject({ purchase_amount: "12.5" });
  });
});
