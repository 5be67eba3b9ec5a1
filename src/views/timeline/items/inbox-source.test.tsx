import { renderToStaticMarkup } from "react-dom/server";
import { firstValueFrom } from "rxjs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openMemoryDatabase } from "../../../db/node.ts";
import type { LocalDatabase } from "../../../db/types.ts";
import { entryCards$, entryDetail$ } from "../../../queries/index.ts";
import { EntryMeta } from "./entry-meta.tsx";

describe("an inbox entry's source", () => {
  let db: LocalDatabase;
  beforeEach(async () => {
    db = await openMemoryDatabase();
    await db.execute("INSERT INTO inboxes (id, title, secret) VALUES (?, ?, ?)", [
      "news",
      "Newsletters",
      "s",
    ]);
    await db.execute("INSERT INTO inboxes (id, title, secret) VALUES (?, ?, ?)", [
      "bare",
      null,
      "s",
    ]);
    for (const [id, handle] of [
      ["1000000000001", "news"],
      ["1000000000002", "bare"],
    ] as const) {
      await db.execute(
        `INSERT INTO entries (id, guid, inbox_handle, read, inserted_at, published_at)
         VALUES (?, ?, ?, 0, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`,
        [id, id, handle],
      );
    }
  });
  afterEach(() => db.close());

  it("is the inbox's title, or its handle, with an envelope instead of a feed icon", async () => {
    const cards = await firstValueFrom(entryCards$(db, ["1000000000001", "1000000000002"]));
    expect(cards["1000000000001"]).toMatchObject({ feedTitle: "Newsletters", inboxHandle: "news" });
    expect(cards["1000000000002"]).toMatchObject({ feedTitle: "bare", inboxHandle: "bare" });
    const detail = await firstValueFrom(entryDetail$(db, "1000000000001"));
    expect(detail).toMatchObject({ feedTitle: "Newsletters", inboxHandle: "news" });

    const html = renderToStaticMarkup(<EntryMeta card={cards["1000000000001"]!} language="en" />);
    expect(html).toContain("entry-source-inbox");
    expect(html).toContain("Newsletters");
    expect(html).not.toMatch(/>\?</);
  });
});
