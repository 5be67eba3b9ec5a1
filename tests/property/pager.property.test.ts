import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { openMemoryDatabase } from "../../src/db/node.ts";
import type { LocalDatabase } from "../../src/db/types.ts";
import { createDispatcher } from "../../src/sync/dispatch.ts";
import { evictEntries } from "../../src/sync/evict-entries.ts";
import type { TimelineScope } from "../../src/sync/floors.ts";
import { createPager, type PagerState } from "../../src/sync/pager.ts";
import { fetchSnapshot } from "../../src/sync/pull.ts";
import { writeSnapshot } from "../../src/sync/snapshot.ts";
import {
  fakeTimelineServer,
  type ServerEntry,
  timelineOrder,
} from "../support/sync/fake-timeline-server.ts";

const RUNS = Number(process.env.PAGER_PROPERTY_RUNS ?? 30);
const BASE = Date.parse("2026-01-01T00:00:00Z");
/** Few distinct publish times: many entries share one. */
const at = (slot: number) => new Date(BASE + slot * 60_000).toISOString();

// Entity ids are 13-19 digits; all of one length here, so text order is numeric order.
const F1 = "1100000000001";
const F2 = "1100000000002";
const F3 = "1100000000003";
const entryArb = fc.record({
  feed: fc.constantFrom(F1, F2, F3),
  slot: fc.integer({ min: 0, max: 12 }),
  read: fc.boolean(),
  starred: fc.boolean(),
});
const commandArb = fc.oneof(
  fc.record({ kind: fc.constant("read" as const), index: fc.nat() }),
  fc.record({ kind: fc.constant("unread" as const), index: fc.nat() }),
  fc.record({ kind: fc.constant("star" as const), index: fc.nat() }),
  fc.record({ kind: fc.constant("unstar" as const), index: fc.nat() }),
);
const planArb = fc.record({
  entries: fc.array(entryArb, { minLength: 0, maxLength: 60 }),
  pullPageSize: fc.integer({ min: 1, max: 10 }),
  pullPages: fc.integer({ min: 0, max: 3 }),
  pageSizes: fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 8 }),
  commands: fc.array(commandArb, { maxLength: 8 }),
  /** Before page i, the app restarts: start-up eviction keeps this many a feed, then a pull. */
  restarts: fc.array(
    fc.option(fc.record({ keep: fc.integer({ min: 1, max: 4 }), whilePaging: fc.boolean() }), {
      nil: undefined,
    }),
    { maxLength: 8 },
  ),
  /** Newer entries the server gets between pages: how many before page i. */
  inserts: fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 8 }),
  order: fc.constantFrom("newest" as const, "oldest" as const),
  scope: fc.constantFrom<TimelineScope[]>(
    {},
    { read: false },
    { feedId: F2 },
    { feedId: F3, read: false },
    {
      feedIdList: [F1, F3],
      read: false,
    },
  ),
});

interface Shown {
  id: string;
  read: number;
  starred: number;
}

/**
 * What a timeline shows: local rows of the scope within its bounds (at or after the floor
 * newest first, at or before the ceiling oldest first), in the timeline's order.
 */
async function shownRows(db: LocalDatabase, scope: TimelineScope, state: PagerState) {
  const oldestFirst = state.ceiling !== undefined;
  const where = oldestFirst ? ["(e.published_at <= ? OR ? = '~')"] : ["e.published_at >= ?"];
  const params: (string | number)[] = oldestFirst
    ? [state.ceiling ?? "", state.ceiling ?? ""]
    : [state.floor ?? ""];
  if (scope.feedId) {
    where.push("e.feed_id = ?");
    params.push(scope.feedId);
  }
  if (scope.feedIdList) {
    where.push("e.feed_id IN (SELECT value FROM json_each(?))");
    params.push(JSON.stringify(scope.feedIdList));
  }
  if (scope.read === false) where.push("e.read = 0");
  return db.query<Shown & Record<string, string | number>>(
    `SELECT e.id, e.read, (c.entry_id IS NOT NULL) AS starred FROM entries e
     LEFT JOIN collections c ON c.entry_id = e.id
     WHERE ${where.join(" AND ")}
     ORDER BY e.published_at ${oldestFirst ? "ASC" : "DESC"}, e.id ${oldestFirst ? "ASC" : "DESC"}`,
    params,
  );
}

describe("timeline pager over a server that pages by publishedAfter", () => {
  it("shows the server's timeline with pending commands applied: each entry once, in order", async () => {
    let pages = 0;
    await fc.assert(
      fc.asyncProperty(planArb, async (plan) => {
        const server: ServerEntry[] = plan.entries.map((e, i) => ({
          id: String(1_200_000_000_000 + i),
          feedId: e.feed,
          publishedAt: at(e.slot),
          read: e.read,
          starred: e.starred,
        }));
        const fake = fakeTimelineServer(server);
        // Something may run between the server's answer and the page's write (a restart).
        let meanwhile: (() => Promise<unknown>) | undefined;
        const call = (async (...args: Parameters<typeof fake.call>) => {
          const answer = await fake.call(...args);
          const run = meanwhile;
          meanwhile = undefined;
          await run?.();
          return answer;
        }) as typeof fake.call;
        const db = await openMemoryDatabase();
        try {
          // A pull of the newest entries, as at start-up (0 pages: nothing local yet).
          const pull = async () => {
            if (plan.pullPages === 0) return;
            const snapshot = await fetchSnapshot({ call } as never, {
              entries: true,
              pageSize: plan.pullPageSize,
              maxPages: plan.pullPages,
              timeoutMs: 1000,
            });
            await writeSnapshot(db, snapshot, { pulledAt: new Date().toISOString() });
          };
          await pull();
          // Unsynced commands (nothing pushes them): on entries local or not.
          const dispatch = createDispatcher({ db });
          const expected = new Map(server.map((e) => [e.id, { ...e }]));
          for (const command of plan.commands) {
            const target = server[command.index % Math.max(server.length, 1)];
            if (!target) continue;
            const entry = expected.get(target.id)!;
            if (command.kind === "read") {
              await dispatch("entries.markRead", { entryIds: [target.id] });
              entry.read = true;
            } else if (command.kind === "unread") {
              // Only what the user sees can be marked unread: an entry already local (the
              // server's unread-only pages could never bring one the server holds as read).
              const local = await db.query("SELECT 1 FROM entries WHERE id = ?", [target.id]);
              if (local.length === 0) continue;
              await dispatch("entries.markUnread", { entryId: target.id });
              entry.read = false;
            } else if (command.kind === "star") {
              await dispatch("collections.star", { entryId: target.id, feedId: target.feedId });
              entry.starred = true;
            } else {
              await dispatch("collections.unstar", { entryId: target.id });
              entry.starred = false;
            }
          }
          const known = new Set(server.map((e) => e.id));

          const { order } = plan;
          const pager = createPager({ db, call, scope: plan.scope, pageSize: 1, order });
          let page = 0;
          for (let guard = 0; guard < 500 && !pager.state.end; guard++) {
            // Newer entries land on the server between pages (the next pull brings them).
            for (let i = 0; i < (plan.inserts[page] ?? 0); i++) {
              server.push({
                id: String(1_300_000_000_000 + server.length),
                feedId: F2,
                publishedAt: at(100 + server.length),
                read: false,
                starred: false,
              });
            }
            const restart = plan.restarts[page];
            if (restart) {
              const evictAndPull = async () => {
                await evictEntries(db, restart.keep);
                await pull();
              };
              // Eviction while a page is in flight, or between pages.
              if (restart.whilePaging) meanwhile = evictAndPull;
              else await evictAndPull();
            }
            const size = plan.pageSizes[page % plan.pageSizes.length]!;
            const paged = createPager({ db, call, scope: plan.scope, pageSize: size, order });
            await paged.loadMore();
            paged.stop();
            page += 1;
            pages += 1;
            // The long-lived pager follows floors others write.
            await new Promise((resolve) => setTimeout(resolve, 0));
          }
          await new Promise((resolve) => setTimeout(resolve, 0));
          expect(pager.state.end).toBe(true);
          pager.stop();

          const inScope = (e: ServerEntry) =>
            (!plan.scope.feedId || e.feedId === plan.scope.feedId) &&
            (!plan.scope.feedIdList || plan.scope.feedIdList.includes(e.feedId)) &&
            (plan.scope.read !== false || !e.read);
          const want = [...expected.values()]
            .filter((e) => known.has(e.id) && inScope(e))
            .sort((a, b) => (order === "oldest" ? timelineOrder(b, a) : timelineOrder(a, b)))
            .map((e) => ({ id: e.id, read: e.read ? 1 : 0, starred: e.starred ? 1 : 0 }));
          const shown = (await shownRows(db, plan.scope, pager.state))
            .filter((row) => known.has(row.id))
            .map((row) => ({ id: row.id, read: row.read, starred: row.starred }));
          expect(shown).toEqual(want);
        } finally {
          await db.close();
        }
      }),
      { numRuns: RUNS },
    );
    expect(pages).toBeGreaterThan(0);
  }, 120_000);
});
