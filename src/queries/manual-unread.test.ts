import { firstValueFrom } from "rxjs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { seed, testId } from "../commands/testing/seed.ts";
import { openMemoryDatabase } from "../db/node.ts";
import type { LocalDatabase } from "../db/types.ts";
import { createDispatcher, type Dispatch } from "../sync/dispatch.ts";
import { manualUnreadIds$ } from "./manual-unread.ts";

const feed = testId(1);
const [first, second] = [testId(101), testId(102)];

describe("entries marked unread by hand", () => {
  let db: LocalDatabase;
  let dispatch: Dispatch;

  beforeEach(async () => {
    db = await openMemoryDatabase();
    await seed(db, [{ id: feed, entries: [{ id: first, read: true }, { id: second }] }]);
    dispatch = createDispatcher({ db });
  });
  afterEach(() => db.close());

  const manual = async () => firstValueFrom(manualUnreadIds$(db));

  it("are kept from automatic marking until the person reads them again", async () => {
    await dispatch("entries.markUnread", { entryId: first });
    expect(await manual()).toEqual([first]);
    await dispatch("entries.markRead", { entryIds: [second] });
    expect(await manual()).toEqual([first]);
    await dispatch("entries.markRead", { entryIds: [first] });
    expect(await manual()).toEqual([]);
  });

  it("are emitted again whenever they change (the live query compares results as JSON)", async () => {
    const seen: (readonly string[])[] = [];
    const subscription = manualUnreadIds$(db).subscribe((ids) => seen.push(ids));
    await dispatch("entries.markUnread", { entryId: first });
    await expect.poll(() => seen.at(-1)).toEqual([first]);
    await dispatch("entries.markRead", { entryIds: [first] });
    await expect.poll(() => seen.at(-1)).toEqual([]);
    subscription.unsubscribe();
  });

  it("are read again by mark-all-read", async () => {
    await dispatch("entries.toggleRead", { entryId: first, read: false });
    expect(await manual()).toEqual([first]);
    await dispatch("entries.markAllRead", { feedId: feed });
    expect(await manual()).toEqual([]);
  });
});
