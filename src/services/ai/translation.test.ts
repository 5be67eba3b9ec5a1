import { afterEach, describe, expect, it } from "vitest";
import type { ApiFetch } from "../../api/client.ts";
import { openMemoryDatabase } from "../../db/node.ts";
import type { LocalDatabase } from "../../db/types.ts";
import { fieldsToTranslate, loadTranslation, type TranslatableEntry } from "./translation.ts";

const entry: TranslatableEntry = {
  id: "1234567890123",
  language: "en",
  title: "A title",
  description: "A description",
  content: "<p>Content</p>",
  readabilityContent: null,
};

describe("the translation field rule (which fields are translated, and when)", () => {
  it("asks only for fields that exist, are not translated, and need translating", () => {
    expect(fieldsToTranslate(entry, {}, "ja", "content")).toEqual([
      "title",
      "description",
      "content",
    ]);
    expect(fieldsToTranslate(entry, { title: "題" }, "ja", null)).toEqual(["description"]);
    expect(fieldsToTranslate(entry, {}, "ja", "readabilityContent")).toEqual([
      "title",
      "description",
    ]);
    expect(fieldsToTranslate({ ...entry, description: "  " }, {}, "ja", null)).toEqual(["title"]);
    expect(fieldsToTranslate({ ...entry, language: "en-US" }, {}, "en", "content")).toEqual([]);
    expect(fieldsToTranslate({ ...entry, language: "zh-TW" }, {}, "zh-CN", null)).toHaveLength(2);
  });
});

let db: LocalDatabase | undefined;
afterEach(async () => {
  await db?.close();
});

describe("loadTranslation", () => {
  it("asks the server for the missing fields only and keeps them in follow.db", async () => {
    db = await openMemoryDatabase();
    const asked: unknown[] = [];
    const api = {
      call: async (_endpoint: unknown, input: { fields: string }) => {
        asked.push(input);
        return {
          code: 0,
          data: Object.fromEntries(input.fields.split(",").map((f) => [f, `${f} (ja)`])),
        };
      },
    } as unknown as ApiFetch;
    const first = await loadTranslation(api, db, entry, "ja", null);
    expect(first).toEqual({ title: "title (ja)", description: "description (ja)" });
    const second = await loadTranslation(api, db, entry, "ja", "content");
    expect(second).toEqual({
      title: "title (ja)",
      description: "description (ja)",
      content: "content (ja)",
    });
    expect(asked).toEqual([
      { id: entry.id, language: "ja", fields: "title,description" },
      { id: entry.id, language: "ja", fields: "content" },
    ]);
    const rows = await db.query("SELECT title, content, created_at FROM translations");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ title: "title (ja)", content: "content (ja)" });
  });
});
