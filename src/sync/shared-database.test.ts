import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordingReactions } from "../../tests/support/recording-reactions.ts";
import {
  type Account,
  openTestClient,
  signUp,
  type TestClient,
  withCookie,
} from "../../tests/support/sync/remote.ts";
import { serverState } from "../../tests/support/sync/state.ts";
import { freshEmail, startWorld, type World } from "../../tests/support/sync/world.ts";
import { createApiClient } from "../api/client.ts";
import { createConnectivity, manualOnlineSource } from "./connectivity.ts";
import { createSyncEngine, type SyncEngine } from "./engine.ts";

/**
 * Tabs of one browser profile share one database: the leading tab pushes the outbox, every tab
 * pulls. A pull of another tab may be under way while the leader confirms a command.
 */
let world: World;
const cleanup: (() => Promise<void>)[] = [];

beforeAll(async () => {
  world = await startWorld({ feeds: 1, entriesPerFeed: 3 });
}, 60_000);
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
  await world?.close();
});

/**
 * A second tab's engine on the leader's database, never leading. The answer to the last
 * request of its pull (the page of starred entries) waits for `gate`.
 */
function followerTab(leader: TestClient, account: Account, gate: () => Promise<void>) {
  const held: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    if (!String(init?.body ?? "").includes('"isCollection":true')) return response;
    const body = await response.arrayBuffer();
    await gate();
    return new Response(body, { status: response.status, headers: response.headers });
  };
  const connectivity = createConnectivity(manualOnlineSource(true));
  const api = createApiClient({
    baseURL: `${world.baseUrl}/api`,
    platform: "web",
    dev: false,
    reactions: recordingReactions(),
    fetch: withCookie(account.cookie, held),
    clientId: () => "follower",
    sessionId: () => "follower",
  });
  const engine: SyncEngine = createSyncEngine({
    db: leader.db,
    api: api.fetch,
    connectivity,
    userId: account.userId,
    pullOnStart: false,
    // Another tab holds the lock.
    leadership: new Promise(() => {}),
    log: () => undefined,
  });
  cleanup.push(async () => {
    await engine.stop();
    connectivity.dispose();
  });
  return engine;
}

/**
 * The leader stars an entry while the other tab's pull has fetched server state without the
 * star and holds it. `leaderPulls`: the leader's own pull (after its push) is written first.
 * `starredDuringFetch`: the star is made after that pull began, not before.
 */
async function starDuringOtherTabsPull(leaderPulls: boolean, starredDuringFetch = false) {
  const account = await signUp(world.baseUrl, freshEmail("tabs"));
  const leader = await openTestClient({
    baseUrl: world.baseUrl,
    account,
    engine: { pullOnStart: leaderPulls },
  });
  cleanup.push(() => leader.close());
  leader.engine.start();
  await leader.dispatch("subscriptions.subscribe", { url: world.feedUrls[0]! });
  await leader.engine.drain();
  await leader.engine.pull();
  const [entry] = await leader.db.query("SELECT id FROM entries ORDER BY id LIMIT 1");
  const entryId = String(entry!.id);
  await leader.engine.stop();

  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let fetched = 0;
  const follower = followerTab(leader, account, async () => {
    fetched += 1;
    await released;
  });
  follower.start();
  if (!starredDuringFetch) await leader.dispatch("collections.star", { entryId });
  const pulled = follower.pull();
  while (fetched === 0) await new Promise((resolve) => setTimeout(resolve, 5));
  if (starredDuringFetch) await leader.dispatch("collections.star", { entryId });

  leader.engine.start();
  await leader.engine.drain();
  const stars = () => leader.db.query("SELECT entry_id FROM collections");
  expect(await stars()).toEqual([{ entry_id: entryId }]);
  release();
  await pulled;

  expect((await serverState(world.baseUrl, account)).starred).toEqual([entryId]);
  expect(await stars(), "the star survives the older state").toEqual([{ entry_id: entryId }]);
  // A pull begun after the confirmation sees the star on the server; the log empties.
  await follower.pull();
  expect(await stars()).toEqual([{ entry_id: entryId }]);
  expect(await leader.db.query("SELECT seq FROM events")).toEqual([]);
}

describe("tabs sharing one database", () => {
  it("replays a command the leader confirmed while another tab's pull was under way", async () => {
    await starDuringOtherTabsPull(false);
  });

  it("replays a command made and confirmed while another tab's pull was under way", async () => {
    await starDuringOtherTabsPull(false, true);
  });

  it("drops server state fetched before state already written by another tab", async () => {
    await starDuringOtherTabsPull(true);
  });
});
