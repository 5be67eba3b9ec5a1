import { firstValueFrom } from "rxjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rssFeed } from "../../tests/support/feed-server.ts";
import {
  type Account,
  openTestClient,
  signUp,
  type TestClient,
} from "../../tests/support/sync/remote.ts";
import { freshEmail, startWorld, type World } from "../../tests/support/sync/world.ts";
import { testId } from "../commands/testing/seed.ts";
import { savedSearches$ } from "../queries/saved-searches.ts";
import { timelineIds$ } from "../queries/timeline.ts";
import { createPager, timelineScope } from "./pager.ts";

/** Saved searches through the real sync engine and server: optimistic, synced, rolled back. */
let world: World;
const open: TestClient[] = [];

beforeAll(async () => {
  world = await startWorld({ feeds: 2, entriesPerFeed: 30 });
}, 60_000);
afterAll(async () => {
  await Promise.all(open.map((c) => c.close()));
  await world?.close();
});

async function client(account: Account) {
  const c = await openTestClient({ baseUrl: world.baseUrl, account });
  open.push(c);
  c.engine.start();
  await c.engine.drain();
  return c;
}

const names = async (c: TestClient) =>
  (await firstValueFrom(savedSearches$(c.db))).map((search) => search.name);

async function serverSearches(account: Account) {
  const response = await fetch(`${world.baseUrl}/api/search/saved`, {
    headers: { cookie: account.cookie },
  });
  return ((await response.json()) as { data: Array<{ id: string; name: string }> }).data;
}

describe("saved searches, synced", () => {
  it("show at once, reach the server, and come with another device's pull", async () => {
    const account = await signUp(world.baseUrl, freshEmail("saved"));
    const c = await client(account);
    await c.dispatch("savedSearches.save", {
      searchId: testId(1),
      name: "Items",
      keyword: "item",
      filters: { unread: true },
    });
    expect(await names(c)).toEqual(["Items"]);
    await c.engine.drain();
    expect((await serverSearches(account)).map((s) => s.name)).toEqual(["Items"]);
    await c.dispatch("savedSearches.rename", { searchId: testId(1), name: "All items" });
    await c.engine.drain();
    const other = await client(account);
    expect(await names(other)).toEqual(["All items"]);
    await c.dispatch("savedSearches.delete", { searchId: testId(1) });
    await c.engine.drain();
    expect(await serverSearches(account)).toEqual([]);
    expect(await names(c)).toEqual([]);
  });

  it("roll back what the server refuses: a query it cannot read, a search gone elsewhere", async () => {
    const account = await signUp(world.baseUrl, freshEmail("saved-refused"));
    const c = await client(account);
    await c.dispatch("savedSearches.save", {
      searchId: testId(2),
      name: "Broken",
      keyword: '"open phrase',
      filters: {},
    });
    expect(await names(c)).toEqual(["Broken"]);
    await c.engine.drain();
    expect(c.rejections.map((r) => [r.command, r.code])).toEqual([["savedSearches.save", 1002]]);
    expect(await names(c)).toEqual([]);

    await c.dispatch("savedSearches.save", {
      searchId: testId(3),
      name: "Kept",
      keyword: "item",
      filters: {},
    });
    await c.engine.drain();
    // Another device deleted it; this one renames it before its next pull.
    await fetch(`${world.baseUrl}/api/search/saved`, {
      method: "DELETE",
      headers: { cookie: account.cookie, "content-type": "application/json" },
      body: JSON.stringify({ id: testId(3) }),
    });
    await c.dispatch("savedSearches.rename", { searchId: testId(3), name: "Renamed" });
    expect(await names(c)).toEqual(["Renamed"]);
    await c.engine.drain();
    expect(c.rejections.at(-1)).toMatchObject({ command: "savedSearches.rename", code: 1002 });
    expect(await names(c)).toEqual([]);
    expect(await c.db.query("SELECT * FROM events")).toEqual([]);
  });

  it("open as a timeline that pages the server's matches to the last one", async () => {
    const account = await signUp(world.baseUrl, freshEmail("saved-timeline"));
    const c = await client(account);
    for (const url of world.feedUrls) await c.dispatch("subscriptions.subscribe", { url });
    await c.engine.drain();
    const [feed0] = (await c.db.query<{ id: string }>("SELECT id FROM feeds WHERE url = ?", [
      world.feedUrls[0]!,
    ])) as Array<{ id: string }>;
    await c.dispatch("savedSearches.save", {
      searchId: testId(4),
      name: "Feed 0 items",
      keyword: "item",
      filters: { feedIdList: [feed0!.id] },
    });
    await c.engine.drain();
    // Nothing local: what the timeline shows comes from its pages.
    await c.db.execute("DELETE FROM entries");
    const query = {
      view: 0,
      feed: { kind: "search" as const, searchId: testId(4) },
      unreadOnly: false,
    };
    const scope = await timelineScope(c.db, query);
    expect(scope?.search?.keyword).toBe("item");
    const pager = createPager({ db: c.db, call: c.call, scope: scope!, pageSize: 7 });
    let pages = 0;
    while (!pager.state.end && pages < 20) {
      await pager.loadMore();
      pages += 1;
    }
    pager.stop();
    expect(pager.state.end).toBe(true);
    expect(pages).toBe(5);
    const page = await firstValueFrom(timelineIds$(c.db, query, 100, () => [], {}));
    expect(page.rows).toHaveLength(30);
    const feeds = await c.db.query<{ feed_id: string }>("SELECT DISTINCT feed_id FROM entries");
    expect(feeds).toEqual([{ feed_id: feed0!.id }]);
    // Newest first, no gaps: the 30 entries of feed 0, each once.
    const times = page.rows.map((row) => row.publishedAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(new Set(page.rows.map((row) => row.id)).size).toBe(30);
  });
  it("page a run of matches sharing one publish time whole, whatever the page size", async () => {
    const at = new Date("2026-02-02T09:00:00Z");
    const url = world.site.serve(
      "/teapots.xml",
      rssFeed(
        "Teapots",
        Array.from({ length: 25 }, (_, i) => ({ guid: `teapot-${i}`, title: "Teapot", date: at })),
      ),
    );
    const account = await signUp(world.baseUrl, freshEmail("saved-ties"));
    const c = await client(account);
    await c.dispatch("subscriptions.subscribe", { url });
    await c.engine.drain();
    await c.dispatch("savedSearches.save", {
      searchId: testId(5),
      name: "Teapots",
      keyword: "teapot",
      filters: {},
    });
    await c.engine.drain();
    await c.db.execute("DELETE FROM entries");
    const query = {
      view: 0,
      feed: { kind: "search" as const, searchId: testId(5) },
      unreadOnly: false,
    };
    const pager = createPager({
      db: c.db,
      call: c.call,
      scope: (await timelineScope(c.db, query))!,
      pageSize: 7,
    });
    for (let pages = 0; !pager.state.end && pages < 20; pages++) await pager.loadMore();
    pager.stop();
    expect(pager.state.end).toBe(true);
    const page = await firstValueFrom(timelineIds$(c.db, query, 100, () => [], {}));
    expect(new Set(page.rows.map((row) => row.id)).size).toBe(25);
    expect(page.rows).toHaveLength(25);
  });
});
