import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "../../contract/api/index.ts";
import { recordingReactions } from "../../tests/support/recording-reactions.ts";
import {
  openTestClient,
  signUp,
  type TestClient,
  withCookie,
} from "../../tests/support/sync/remote.ts";
import { freshEmail, startWorld, type World } from "../../tests/support/sync/world.ts";
import { createApiClient } from "../api/client.ts";
import type { TimelineScope } from "./floors.ts";
import { createPager } from "./pager.ts";

let world: World;
let client: TestClient;
let call: ReturnType<typeof createApiClient>["fetch"]["call"];
const feedIds: string[] = [];

beforeAll(async () => {
  world = await startWorld({ feeds: 3, entriesPerFeed: 40 });
  const account = await signUp(world.baseUrl, freshEmail("pager"));
  // A pull of 2 x 10 entries: most of the 120 are left for the pager.
  client = await openTestClient({
    baseUrl: world.baseUrl,
    account,
    engine: { pull: { pageSize: 10, maxPages: 2 } },
  });
  call = createApiClient({
    baseURL: `${world.baseUrl}/api`,
    platform: "web",
    dev: false,
    reactions: recordingReactions(),
    fetch: withCookie(account.cookie),
    clientId: () => "pager-test",
    sessionId: () => "pager-test",
  }).fetch.call;
  client.engine.start();
  for (const url of world.feedUrls) await client.dispatch("subscriptions.subscribe", { url });
  await client.engine.drain();
  const rows = await client.db.query<{ feed_id: string }>(
    "SELECT feed_id FROM subscriptions ORDER BY feed_id",
  );
  feedIds.push(...rows.map((row) => row.feed_id));
}, 60_000);
afterAll(async () => {
  await client?.close();
  await world?.close();
});

/** The server's whole timeline for a scope, newest first, in pages of 100. */
async function serverTimeline(scope: TimelineScope) {
  const ids: string[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 10; page++) {
    const request = { ...scope, limit: 100, ...(cursor ? { publishedAfter: cursor } : {}) };
    const { data } = await call(endpoints.entries.list, request);
    ids.push(...data.map((item) => item.entries.id));
    if (data.length < 100) break;
    cursor = data.at(-1)?.entries.publishedAt;
  }
  return ids;
}

async function shownRows(scope: TimelineScope, floor: string | undefined) {
  const where = ["published_at >= ?"];
  const params: string[] = [floor ?? ""];
  const ids = scope.feedId ? [scope.feedId] : scope.feedIdList;
  if (ids) {
    where.push("feed_id IN (SELECT value FROM json_each(?))");
    params.push(JSON.stringify(ids));
  }
  if (scope.read === false) where.push("read = 0");
  const rows = await client.db.query<{ id: string }>(
    `SELECT id FROM entries WHERE ${where.join(" AND ")} ORDER BY published_at DESC, id DESC`,
    params,
  );
  return rows.map((row) => row.id);
}

describe("the pager against the real server", () => {
  it("a new subscription's entries are local right after it is confirmed", async () => {
    // The pull brought 20 entries overall; each confirmed subscription fetched its own page.
    const perFeed = async () => {
      const rows = await client.db.query<{ n: number }>(
        "SELECT COUNT(*) AS n FROM entries GROUP BY feed_id",
      );
      return rows.map((row) => Number(row.n));
    };
    await expect.poll(perFeed, { timeout: 10_000 }).toEqual([40, 40, 40]);
  });
  it("pages each timeline to its end: rows shown equal the server's timeline", async () => {
    const scopes: TimelineScope[] = [
      { view: 0 },
      { read: false },
      { feedId: feedIds[1]! },
      { feedIdList: [feedIds[0]!, feedIds[2]!], read: false },
    ];
    for (const scope of scopes) {
      const pager = createPager({ db: client.db, call, scope, pageSize: 7 });
      let pages = 0;
      for (; pages < 50 && !pager.state.end; pages++) await pager.loadMore();
      pager.stop();
      expect(pager.state.end).toBe(true);
      const expected = await serverTimeline(scope);
      expect(expected.length).toBeGreaterThan(30);
      expect(await shownRows(scope, pager.state.floor)).toEqual(expected);
    }
  }, 60_000);
});
