import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openMemoryDatabase } from "../db/node.ts";
import type { LocalDatabase } from "../db/types.ts";
import { entryHighlightsOnce } from "./highlights.ts";

describe("one entry's highlights, read once (what a save to Obsidian sends)", () => {
  let db: LocalDatabase;
  beforeEach(async () => {
    db = await openMemoryDatabase();
  });
  afterEach(async () => {
    await db.close();
  });

  it("answers that entry's highlights only, in reading order, with their notes", async () => {
    const insert = (id: string, entry: string, exact: string, start: number, note: string) =>
      db.execute(
        "INSERT INTO highlights (id, entry_id, color, note, exact, prefix, suffix, start, end, created_at, updated_at) VALUES (?, ?, 'yellow', ?, ?, '', '', ?, ?, 'x', 'x')",
        [id, entry, note, exact, start, start + exact.length],
      );
    await insert("h2", "e1", "lazy dog", 35, "");
    await insert("h1", "e1", "quick brown fox", 4, "Fast");
    await insert("h3", "e2", "elsewhere", 0, "");
    const read = await entryHighlightsOnce(db, "e1");
    expect(read.map(({ exact, note }) => ({ exact, note }))).toEqual([
      { exact: "quick brown fox", note: "Fast" },
      { exact: "lazy dog", note: "" },
    ]);
    expect(await entryHighlightsOnce(db, "none")).toEqual([]);
  });
});
