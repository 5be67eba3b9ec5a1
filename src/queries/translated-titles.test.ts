import { firstValueFrom } from "rxjs";
import { afterEach, describe, expect, it } from "vitest";
import { openMemoryDatabase } from "../db/node.ts";
import type { LocalDatabase } from "../db/types.ts";
import { translatedTitles$ } from "./entries.ts";

let db: LocalDatabase | undefined;
afterEach(async () => {
  await db?.close();
});

describe("translatedTitles$", () => {
  it("answers the stored titles of the entries asked for, in the language asked for", async () => {
    db = await openMemoryDatabase();
    await db.transaction(["translations"], async (tx) => {
      const insert =
        "INSERT INTO translations (entry_id, language, title, created_at) VALUES (?, ?, ?, ?)";
      await tx.execute(insert, ["1", "ja", "一", "2026-01-01"]);
      await tx.execute(insert, ["2", "ja", "二", "2026-01-01"]);
      await tx.execute(insert, ["1", "en", "One", "2026-01-01"]);
      await tx.execute(
        "INSERT INTO translations (entry_id, language, created_at) VALUES (?, ?, ?)",
        ["3", "ja", "2026-01-01"],
      );
    });
    expect(await firstValueFrom(translatedTitles$(db, ["1", "3", "4"], "ja"))).toEqual({ 1: "一" });
    expect(await firstValueFrom(translatedTitles$(db, [], "ja"))).toEqual({});
  });
});
