import { describe, expect, it } from "vitest";
import { sampleEntry, sampleFeed } from "../../tests/support/models.ts";
import { collectionRow } from "./collection-table.ts";
import type { EntryListItem } from "./entry.ts";
import { entryRow } from "./entry-table.ts";
import type { FeedModel } from "./feed.ts";

const feed = sampleFeed({ id: "f1", url: "https://example.com/feed", title: "Example" });

const item = (feedType: string, content?: string): EntryListItem => ({
  entries: sampleEntry({
    id: "e1",
    feedId: "f1",
    guid: "g1",
    title: "Hello",
    ...(content === undefined ? {} : { content }),
    description: "d",
    categories: ["a"],
    publishedAt: "2026-06-01T00:00:00.000Z",
    insertedAt: "2026-06-01T00:00:01.000Z",
  }),
  feeds: { ...feed, type: feedType } as FeedModel,
  read: true,
  view: 0,
});

describe("a timeline item as stored rows", () => {
  it("leaves content empty in list form and takes read from the server", () => {
    expect(entryRow(item("feed"))).toMatchObject({ content: "", read: 1, categories: '["a"]' });
    expect(entryRow(item("feed", "<p>x</p>")).content).toBe("<p>x</p>");
    expect(entryRow({ ...item("feed"), read: false }).read).toBe(0);
  });

  it("sets inboxHandle only for inbox feeds", () => {
    expect(entryRow(item("feed")).inbox_handle).toBeNull();
    expect(entryRow(item("inbox")).inbox_handle).toBe("f1");
  });

  it("stores action settings as JSON, none as NULL", () => {
    expect(entryRow(item("feed")).settings).toBeNull();
    expect(entryRow({ ...item("feed"), settings: { summary: true } }).settings).toBe(
      '{"summary":true}',
    );
  });

  it("keeps a star only when the item is starred, in the item's view", () => {
    expect(collectionRow(item("feed"))).toBeUndefined();
    const starred = { ...item("feed"), view: 2, collections: { createdAt: "2026-06-02" } };
    expect(collectionRow(starred)).toEqual({
      entry_id: "e1",
      feed_id: "f1",
      created_at: "2026-06-02",
      view: 2,
    });
  });
});
