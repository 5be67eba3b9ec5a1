import { describe, expect, it } from "vitest";
import { openMemoryDatabase } from "../db/node.ts";
import { missingTaggedEntries } from "./use-tag-timeline-fill.ts";

describe("a tag's timeline on a device that lacks some of its entries", () => {
  it("names the tagged entries not held here, newest tag first, a batch at a time", async () => {
    const db = await openMemoryDatabase();
    await db.execute(
      "INSERT INTO entries (id, feed_id, guid, title, inserted_at, published_at) VALUES ('e1', 'f1', 'e1', 'Held', 'x', '2026-01-01')",
    );
    await db.execute(
      "INSERT INTO entry_tags (entry_id, tag, created_at) VALUES ('e1', 'birds', '2026-03-01'), ('e2', 'birds', '2026-02-01'), ('e3', 'birds', '2026-04-01'), ('e4', 'other', '2026-05-01')",
    );
    expect(await missingTaggedEntries(db, "birds", 50)).toEqual(["e3", "e2"]);
    expect(await missingTaggedEntries(db, "birds", 1)).toEqual(["e3"]);
    await db.close();
  });
});
