import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sampleEntry, sampleFeed } from "../../tests/support/models.ts";
import { storeContents, storeFetchedEntry, storeReadability } from "./entry-cache.ts";
import { openMemoryDatabase } from "./node.ts";
import type { LocalDatabase } from "./types.ts";

const feed = sampleFeed({ id: "f1", url: "https://example.com/feed.xml", title: "Site" });

const entry = sampleEntry({
  id: "e1",
  feedId: "f1",
  guid: "g1",
  title: "Hello",
  url: "https://example.com/1",
  content: "<p>fetched</p>",
  description: "short",
  publishedAt: "2026-01-01T00:00:00.000Z",
});

describe("the entry pane's cache writes", () => {
  let db: LocalDatabase;
  beforeEach(async () => {
    db = await openMemoryDatabase();
  });
  afterEach(() => db.close());

  const stored = async () =>
    (
      await db.query(
        "SELECT e.title, e.content, e.read, e.readability_content, e.readability_updated_at, f.title AS feed_title FROM entries e LEFT JOIN feeds f ON f.id = e.feed_id",
      )
    )[0];

  it("stores an entry opened by link as read; a stored entry and feed stay as they are", async () => {
    await storeFetchedEntry(db, entry, feed);
    expect(await stored()).toMatchObject({ title: "Hello", read: 1, feed_title: "Site" });
    await storeFetchedEntry(db, { ...entry, title: "Renamed" }, { ...feed, title: "Renamed site" });
    expect(await stored()).toMatchObject({
      title: "Hello",
      content: "<p>fetched</p>",
      feed_title: "Site",
    });
  });

  it("keeps list entries' content and readability text", async () => {
    await storeFetchedEntry(db, entry, feed);
    await storeContents(db, [{ id: "e1", content: "<p>full</p>" }]);
    await storeReadability(db, "e1", "<p>readable</p>", new Date("2026-02-01T00:00:00.000Z"));
    expect(await stored()).toMatchObject({
      content: "<p>full</p>",
      readability_content: "<p>readable</p>",
      readability_updated_at: "2026-02-01T00:00:00.000Z",
    });
  });
});
