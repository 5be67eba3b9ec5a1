import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { EntryListItem } from "../../contract/entities/entry.ts";
import { sampleEntry, sampleFeed } from "../../tests/support/models.ts";
import { openMemoryDatabase } from "../db/node.ts";
import type { LocalDatabase } from "../db/types.ts";
import { createDispatcher } from "./dispatch.ts";
import { confirmCommand, outboxHead } from "./outbox.ts";
import { writePage } from "./page-write.ts";
import { unconfirmedCommands } from "./unconfirmed.ts";

const feed = sampleFeed({ id: "f1", url: "https://example.com/feed", title: "Example" });

function item(id: string, starredAt?: string): EntryListItem {
  return {
    entries: sampleEntry({
      id,
      feedId: "f1",
      publishedAt: `2026-06-01T00:00:0${id.slice(1)}.000Z`,
      insertedAt: "2026-06-01T00:00:00.000Z",
    }),
    feeds: feed,
    read: false,
    view: 1,
    ...(starredAt ? { collections: { createdAt: starredAt } } : {}),
  };
}

const stars = (db: LocalDatabase) =>
  db.query("SELECT entry_id, feed_id, created_at, view FROM collections ORDER BY entry_id");

describe("a stored timeline page", () => {
  let db: LocalDatabase;
  beforeEach(async () => {
    db = await openMemoryDatabase();
  });
  afterEach(() => db.close());

  it("takes each entry's star from the server and keeps the unread counts", async () => {
    await db.execute("INSERT INTO unread (subscription_id, count) VALUES ('f1', 7)");
    await db.execute(
      "INSERT INTO collections (entry_id, feed_id, created_at, view) VALUES ('e2', 'f1', 'old', 0)",
    );
    const range = { order: "newest", from: undefined, to: "" } as const;
    await writePage(db, [item("e1", "2026-06-02"), item("e2"), item("e3")], {}, range);
    expect(await stars(db)).toEqual([
      { entry_id: "e1", feed_id: "f1", created_at: "2026-06-02", view: 1 },
    ]);
    expect(await db.query("SELECT id, read FROM entries ORDER BY id")).toEqual([
      { id: "e1", read: 0 },
      { id: "e2", read: 0 },
      { id: "e3", read: 0 },
    ]);
    expect(await db.query("SELECT count FROM unread")).toEqual([{ count: 7 }]);
  });

  it("gives an entry listed twice the state of its last item", async () => {
    const range = { order: "newest", from: undefined, to: "" } as const;
    await writePage(
      db,
      [item("e1"), item("e1", "later"), item("e2", "first"), item("e2")],
      {},
      range,
    );
    expect(await stars(db)).toEqual([
      { entry_id: "e1", feed_id: "f1", created_at: "later", view: 1 },
    ]);
  });

  it.each([
    ["made before the page was fetched", true],
    ["made after the page's fetch began", false],
  ])("keeps a read confirmed while the page was in flight, %s", async (_, readFirst) => {
    const range = { order: "newest", from: undefined, to: "" } as const;
    const [e1, e2] = ["1800000000000000001", "1800000000000000002"];
    const page = () =>
      [e1, e2].map((id, i) => ({
        ...item(`e${i + 1}`),
        entries: { ...item(`e${i + 1}`).entries, id },
      }));
    await writePage(db, page(), {}, range);
    const markRead = () => createDispatcher({ db })("entries.markRead", { entryIds: [e1] });
    if (readFirst) await markRead();
    const unconfirmedAtFetch = await unconfirmedCommands(db);
    if (!readFirst) await markRead();
    // The page's answer still says unread; the read is confirmed before the page is written.
    await confirmCommand(db, (await outboxHead(db))!, []);
    await writePage(db, page(), {}, range, { unconfirmedAtFetch });
    expect(await db.query("SELECT id, read FROM entries ORDER BY id")).toEqual([
      { id: e1, read: 1 },
      { id: e2, read: 0 },
    ]);
  });
});
