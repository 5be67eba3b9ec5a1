import { afterEach, describe, expect, it } from "vitest";
import { openMemoryDatabase } from "./node.ts";
import { deleteOldTranslations, TRANSLATION_MAX_AGE_MS } from "./stale-translations.ts";
import type { LocalDatabase } from "./types.ts";

let db: LocalDatabase | undefined;
afterEach(async () => {
  await db?.close();
  db = undefined;
});

describe("deleteOldTranslations", () => {
  it("deletes stored translations older than 7 days and keeps the rest", async () => {
    db = await openMemoryDatabase();
    const now = Date.UTC(2026, 10, 22);
    const old = new Date(now - TRANSLATION_MAX_AGE_MS - 1000).toISOString();
    const fresh = new Date(now - 1000).toISOString();
    await db.transaction(["translations"], async (tx) => {
      await tx.execute(
        "INSERT INTO translations (entry_id, language, title, created_at) VALUES (?, ?, ?, ?)",
        ["1", "ja", "old", old],
      );
      await tx.execute(
        "INSERT INTO translations (entry_id, language, title, created_at) VALUES (?, ?, ?, ?)",
        ["2", "ja", "new", fresh],
      );
    });
    expect(await deleteOldTranslations(db, now)).toBe(1);
    expect(await db.query("SELECT title FROM translations")).toEqual([{ title: "new" }]);
  });
});
