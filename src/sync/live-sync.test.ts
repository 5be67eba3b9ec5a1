import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Account,
  openTestClient,
  signIn,
  signUp,
  type TestClient,
} from "../../tests/support/sync/remote.ts";
import { localState, serverState } from "../../tests/support/sync/state.ts";
import { freshEmail, startWorld, type World } from "../../tests/support/sync/world.ts";

let world: World;
/** Seconds on a loopback server; generous, as the machine is shared (the figures are in the bench). */
const WITHIN = { timeout: 15_000, interval: 20 };
const open: TestClient[] = [];

beforeAll(async () => {
  world = await startWorld({ feeds: 2, entriesPerFeed: 4 });
}, 60_000);
afterAll(async () => {
  await Promise.all(open.map((c) => c.close()));
  await world?.close();
});

/** Another session of the same account: another device. */
async function signInAgain(account: Account, email: string): Promise<Account> {
  const again = await signIn(world.baseUrl, email);
  expect(again.cookie).not.toBe(account.cookie);
  return again;
}

async function device(account: Account) {
  const c = await openTestClient({ baseUrl: world.baseUrl, account, live: true });
  open.push(c);
  c.engine.start();
  await c.engine.drain();
  return c;
}

const collections = (c: TestClient) =>
  c.db.query("SELECT entry_id FROM collections ORDER BY entry_id");

describe("two devices, live: a change on one reaches the other without asking", () => {
  it("a subscription, a star and a read made on A show on B through the change stream", async () => {
    const email = freshEmail("live");
    const account = await signUp(world.baseUrl, email);
    const a = await device(account);
    const b = await device(await signInAgain(account, email));
    await expect.poll(() => liveOf(b), WITHIN).toBe(true);

    await a.dispatch("subscriptions.subscribe", { url: world.feedUrls[0]! });
    await a.engine.drain();
    await expect
      .poll(async () => Object.keys((await localState(b.db)).subscriptions), WITHIN)
      .toHaveLength(1);

    const [entry] = await a.db.query<{ id: string }>("SELECT id FROM entries ORDER BY id LIMIT 1");
    await a.dispatch("collections.star", { entryId: entry!.id });
    await a.engine.drain();
    await expect.poll(() => collections(b), WITHIN).toEqual([{ entry_id: entry!.id }]);

    const readOn = (c: TestClient) =>
      c.db
        .query("SELECT read FROM entries WHERE id = ?", [entry!.id])
        .then((rows) => rows[0]?.read);
    expect(await readOn(b)).toBe(0);
    await a.dispatch("entries.markRead", { entryIds: [entry!.id] });
    await a.engine.drain();
    await expect.poll(() => readOn(b), WITHIN).toBe(1);

    // B never pulled by itself: the stream asked it to, and it agrees with the server.
    await b.engine.drain();
    expect(await localState(b.db)).toEqual(await serverState(world.baseUrl, account));
  }, 60_000);

  it("resumes from the version it last pulled: changes made while it was away arrive on connect", async () => {
    const email = freshEmail("resume");
    const account = await signUp(world.baseUrl, email);
    const a = await device(account);
    await a.dispatch("subscriptions.subscribe", { url: world.feedUrls[1]! });
    await a.engine.drain();

    const away = await openTestClient({
      baseUrl: world.baseUrl,
      account: await signInAgain(account, email),
      live: true,
      engine: { pullOnStart: false },
    });
    open.push(away);
    away.engine.start();
    await expect
      .poll(async () => Object.keys((await localState(away.db)).subscriptions), WITHIN)
      .toHaveLength(1);
    const version = await away.db.query("SELECT value FROM meta WHERE key = 'streamVersion'");
    expect(version).toEqual([{ value: expect.stringMatching(/^\d+$/) }]);
  }, 60_000);
});

function liveOf(c: TestClient): Promise<boolean | undefined> {
  return new Promise((resolve) => {
    const subscription = c.engine.state$.subscribe((state) => {
      resolve(state.live);
    });
    subscription.unsubscribe();
  });
}
