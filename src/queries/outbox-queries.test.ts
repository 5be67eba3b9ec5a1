import { firstValueFrom, type Observable, skip } from "rxjs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { seed, testId } from "../commands/testing/seed.ts";
import { openMemoryDatabase } from "../db/node.ts";
import { runStatements } from "../db/statements.ts";
import type { LocalDatabase } from "../db/types.ts";
import { appendEvents, enqueue, recordAttempt } from "../sync/outbox.ts";
import { previewEntries$, savedActionRules$ } from "./actions.ts";
import { commandProgress$, feedEntryCount$ } from "./command-progress.ts";
import { pendingPushCommands$ } from "./push.ts";

const feed = testId(1);
const at = "2026-01-01T00:00:00.000Z";

/** The value a live query shows once the write `change` commits. */
async function valueAfter<T>(query: Observable<T>, change: () => Promise<unknown>): Promise<T> {
  const next = firstValueFrom(query.pipe(skip(1)));
  await firstValueFrom(query);
  await change();
  return next;
}

describe("queries over the outbox and the event log", () => {
  let db: LocalDatabase;

  beforeEach(async () => {
    db = await openMemoryDatabase();
    await seed(db, [{ id: feed, category: "Tech", entries: [{ id: testId(101) }] }]);
  });
  afterEach(() => db.close());

  const write = (tables: string[], statements: Parameters<typeof runStatements>[1]) =>
    db.transaction(tables, (tx) => runStatements(tx, statements));

  it("follows a command from queued to confirmed with the feed the server resolved", async () => {
    const progress$ = commandProgress$(db, "c1");
    expect(await firstValueFrom(progress$)).toEqual({
      queued: false,
      attempts: 0,
      lastError: null,
      confirmedFeed: null,
    });
    await write(
      ["outbox"],
      [enqueue({ commandId: "c1", name: "subscribe", payload: {}, createdAt: at })],
    );
    await recordAttempt(db, "c1", new Error("offline"));
    expect(await firstValueFrom(progress$)).toMatchObject({
      queued: true,
      attempts: 1,
      lastError: "offline",
    });
    const confirmed = await valueAfter(progress$, () =>
      write(
        ["events"],
        appendEvents(
          "c1",
          [{ name: "SubscriptionConfirmed", data: { feed: { id: feed, url: "u" } } } as never],
          "confirmed",
          at,
        ),
      ),
    );
    expect(confirmed.confirmedFeed).toMatchObject({ id: feed });
    expect(await firstValueFrom(feedEntryCount$(db, feed))).toBe(1);
  });

  it("counts queued push-device commands only", async () => {
    const pending$ = pendingPushCommands$(db);
    const count = await valueAfter(pending$, () =>
      write(
        ["outbox"],
        [
          enqueue({ commandId: "p1", name: "push.register", payload: {}, createdAt: at }),
          enqueue({ commandId: "p2", name: "subscribe", payload: {}, createdAt: at }),
        ],
      ),
    );
    expect(count).toBe(1);
  });

  it("shows the newest saved rules while pending, and entries as rule subjects", async () => {
    const rules$ = savedActionRules$(db);
    const saved = await valueAfter(rules$, () =>
      write(
        ["events"],
        appendEvents(
          "r1",
          [{ name: "ActionRulesSaved", data: { rules: [] } } as never],
          "pending",
          at,
        ),
      ),
    );
    expect(saved).toEqual({ rules: [], pending: true });
    const [entry] = await firstValueFrom(previewEntries$(db));
    expect(entry).toMatchObject({
      id: testId(101),
      subject: { feedTitle: `Feed ${feed}`, category: "Tech", view: 0, mediaLength: 0 },
    });
  });
});
