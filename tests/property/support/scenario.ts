import { expect } from "vitest";
import type { CommandName } from "../../../src/commands/registry.ts";
import { type Account, signUp } from "../../support/sync/remote.ts";
import { localState, serverState } from "../../support/sync/state.ts";
import { freshEmail } from "../../support/sync/world.ts";
import { conflictValue, type Played, renamedFeeds, ruleOutcome } from "./conflicts.ts";
import { Device } from "./device.ts";
import { ServerModel } from "./model.ts";
import { FaultyNetwork, type LoggedWrite } from "./network.ts";
import { checkOwnWrites } from "./own-writes.ts";
import { resolve, type Step } from "./steps.ts";
import type { Universe } from "./universe.ts";

export interface ScenarioStats {
  commands: number;
  refused: number;
  requests: number;
  faults: number;
  replays: number;
  tabsOpened: number;
  /** Closes of the leading tab while another was open: the push moved to that one. */
  handovers: number;
  reloads: number;
  crashes: number;
  /** Crashes that caught the leader with a request under way. */
  crashesMidPush: number;
  conflicts: number;
  /** Conflicts whose outcome was checked against the rule (the rest were touched again). */
  conflictsChecked: number;
  /** A device's own last writes to a star or read flag found on it while idle, unpulled. */
  ownWrites: number;
}

interface Dispatched {
  client: number;
  name: CommandName;
  payload: Record<string, unknown>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One run: a fresh user with several devices, each behind its own faulty link, each with one
 * to three tabs sharing its database, performs the steps; then the network heals, every queue
 * drains, every tab pulls, and the invariants are checked against the server (through the
 * API) and against the model.
 */
export async function runScenario(
  universe: Universe,
  steps: readonly Step[],
  options: { clients: number; tabs: readonly number[]; seed: number; faultRate: number },
): Promise<ScenarioStats> {
  const account = await signUp(universe.baseUrl, freshEmail("property"));
  const network = new FaultyNetwork();
  const devices: Device[] = [];
  for (let i = 0; i < options.clients; i++) {
    const link = network.link(i, options.seed + i);
    devices.push(
      await Device.open(
        {
          baseUrl: universe.baseUrl,
          account,
          fetch: link,
          backoff: { baseMs: 2, maxMs: 25, jitter: false },
          // Short enough that the "hang" fault makes the client's own timeout fire; far above
          // a loopback request's time even on a loaded machine.
          requestTimeoutMs: 1_500,
        },
        options.tabs[i] ?? 1,
      ),
    );
  }
  for (let i = 0; i < options.clients; i++) network.setFaultRate(i, options.faultRate);
  const stats = {
    handovers: 0,
    reloads: 0,
    crashes: 0,
    crashesMidPush: 0,
    conflicts: 0,
    conflictsChecked: 0,
  };
  const dispatched = new Map<string, Dispatched>();
  const sent: string[][] = devices.map(() => []);
  let ownWrites = 0;
  const dispatch = async (client: number, command: { name: CommandName; payload: object }) => {
    const meta = await devices[client]!.dispatch(command.name, command.payload as never);
    dispatched.set(meta.commandId, { client, ...command } as Dispatched);
    sent[client]!.push(meta.commandId);
    return meta.commandId;
  };
  // A person acts in a tab: a device with none open opens one first.
  const someTab = (device: Device, index = 0) =>
    device.tabs[index % Math.max(device.tabs.length, 1)] ?? device.openTab();
  try {
    for (const step of steps) {
      const device = "client" in step ? devices[step.client]! : undefined;
      switch (step.kind) {
        case "command": {
          const tab = someTab(device!, step.tab);
          const command = await resolve(step.action, universe, device!.db);
          if (!command) break;
          await dispatch(step.client, command);
          const other = device!.tabs.find((t) => t !== tab);
          if (step.otherTabPulls) other?.engine.pull().catch(() => undefined);
          await sleep(step.pause);
          break;
        }
        case "conflict":
          if (
            await playConflict(step, universe, account, network, devices, dispatch, {
              dispatched,
              onOwnWrites: (n) => {
                ownWrites += n;
              },
            })
          ) {
            stats.conflictsChecked += 1;
          }
          stats.conflicts += 1;
          break;
        case "tabClose": {
          const tab =
            (step.leader ? device!.leader : undefined) ??
            device!.tabs[step.tab % Math.max(device!.tabs.length, 1)];
          if (!tab) break;
          if (tab.isLeader() && device!.tabs.length > 1) stats.handovers += 1;
          await tab.close();
          break;
        }
        case "tabOpen":
          if (device!.tabs.length < 3) device!.openTab();
          break;
        case "tabReload": {
          const tab = device!.tabs[step.tab % Math.max(device!.tabs.length, 1)];
          if (!tab) break;
          await tab.close();
          device!.openTab();
          stats.reloads += 1;
          break;
        }
        case "crash": {
          const leader = device!.leader;
          // Mid-push when there is one: wait (briefly) for the leader's next request.
          if (leader && (await pushStarted(leader.engine.state$, 40))) stats.crashesMidPush += 1;
          await sleep(step.afterMs);
          await device!.crash();
          device!.openTab();
          stats.crashes += 1;
          break;
        }
        case "browserOffline":
          device!.setBrowserOnline(false);
          break;
        case "browserOnline":
          device!.setBrowserOnline(true);
          break;
        case "outage":
          network.setDown(step.client, step.down);
          break;
        case "faultRate":
          network.setFaultRate(step.client, step.rate);
          break;
        case "pull":
          // Any tab: its pull may run while the leading tab pushes.
          if (device!.tabs.length > 0) {
            someTab(device!, step.tab)
              .engine.pull()
              .catch(() => undefined);
          }
          break;
        case "wait":
          await sleep(step.ms);
          break;
      }
    }

    // Heal: the network comes back, a closed browser opens again, every queue drains, and
    // every tab pulls once more.
    network.heal();
    for (const device of devices) {
      device.setBrowserOnline(true);
      someTab(device);
    }
    await within(60_000, settle(devices), () => describeStuck(devices));
    for (const [i, device] of devices.entries()) {
      ownWrites += checkOwnWrites(i, await localState(device.db), network.log, dispatched);
    }
    for (const device of devices) {
      for (const tab of device.tabs) await within(30_000, tab.engine.pull(), () => "final pull");
    }

    checkLog(network.log, dispatched, sent, devices);
    const server = await serverState(universe.baseUrl, account);
    expect(server, "server state = model of the applied writes").toEqual(
      modelState(universe, network.log, dispatched),
    );
    for (const [i, device] of devices.entries()) {
      expect(await localState(device.db), `device ${i} = server`).toEqual(server);
      expect(await device.db.query("SELECT command_id FROM outbox"), `device ${i} outbox`).toEqual(
        [],
      );
      expect(await device.db.query("SELECT seq FROM events WHERE status = 'pending'")).toEqual([]);
    }
    return {
      commands: dispatched.size,
      refused: devices.reduce((n, d) => n + d.rejections.length, 0),
      requests: network.requests,
      faults: [...network.faultsInjected.values()].reduce((a, b) => a + b, 0),
      replays: network.log.filter((r) => r.replayed).length,
      tabsOpened: devices.reduce((n, d) => n + d.tabsOpened, 0),
      ownWrites,
      ...stats,
    };
  } finally {
    for (const device of devices) await device.close();
  }
}

/** Resolves true once the engine is pushing, false if it did not start within `ms`. */
function pushStarted(
  state$: import("rxjs").Observable<{ pushing: boolean }>,
  ms: number,
): Promise<boolean> {
  return new Promise((done) => {
    const timer = setTimeout(() => finish(false), ms);
    const subscription = state$.subscribe((s) => {
      if (s.pushing) finish(true);
    });
    function finish(pushing: boolean) {
      clearTimeout(timer);
      queueMicrotask(() => subscription.unsubscribe());
      done(pushing);
    }
  });
}

/**
 * Two devices change the same thing while both are offline, come online one after the other
 * and drain; each pulls. The server's result must be the declared rule's, and both devices
 * must show it. Answers whether the outcome was checked: not when no side was accepted, when
 * the state does not show the thing, or when another command touched it afterwards.
 */
async function playConflict(
  step: Extract<Step, { kind: "conflict" }>,
  universe: Universe,
  account: Account,
  network: FaultyNetwork,
  devices: Device[],
  dispatch: (client: number, command: { name: CommandName; payload: object }) => Promise<string>,
  own: { dispatched: ReadonlyMap<string, Dispatched>; onOwnWrites(checked: number): void },
): Promise<boolean> {
  const { dispatched, onOwnWrites } = own;
  const sides = step.clients.map((i) => devices[i]!);
  // On clean links for the step (a pull through 80% faults takes ages): faults are played
  // elsewhere, here the order of two devices' writes is.
  const rates = step.clients.map((i) => network.faultRate(i));
  for (const [side, device] of sides.entries()) {
    network.setDown(step.clients[side]!, false);
    network.setFaultRate(step.clients[side]!, 0);
    device.setBrowserOnline(false);
    if (device.tabs.length === 0) device.openTab();
  }
  const played = new Map<string, Played>();
  for (const [side, device] of sides.entries()) {
    const command = await resolve(step.target.sides[side]!, universe, device.db);
    if (!command) continue;
    played.set(await dispatch(step.clients[side]!, command), command as Played);
  }
  const first = sides[step.firstOnline]!;
  const second = sides[1 - step.firstOnline]!;
  first.setBrowserOnline(true);
  await sleep(step.gap);
  second.setBrowserOnline(true);
  await within(30_000, Promise.all(sides.map((d) => d.drain())), () => describeStuck(sides));
  for (const client of step.clients) {
    const local = await localState(devices[client]!.db);
    onOwnWrites(checkOwnWrites(client, local, network.log, dispatched));
  }
  for (const device of sides) await within(30_000, device.tabs[0]!.engine.pull(), () => "pull");
  const server = await serverState(universe.baseUrl, account);
  const locals = await Promise.all(sides.map((d) => localState(d.db)));
  for (const [side, client] of step.clients.entries()) network.setFaultRate(client, rates[side]!);

  const log = network.log;
  const decided = log.flatMap((record, index) =>
    record.key && !record.replayed && !(record.status === 409 && record.code === 1)
      ? [{ record, index }]
      : [],
  );
  const applied = decided.filter(({ record }) => record.status < 400);
  const ours = applied.filter(({ record }) => played.has(record.key!));
  if (ours.length === 0) return false;
  const last = ours.at(-1)!.index;
  if (applied.some(({ record, index }) => index > last && !played.has(record.key!))) return false;

  const inOrder = ours.map(({ record }) => played.get(record.key!)!);
  const feeds = renamedFeeds(inOrder);
  const expected = ruleOutcome(step.target, inOrder);
  const actual = conflictValue(step.target, server, universe, feeds);
  if (actual === undefined) return false;
  const what = `${step.target.kind} conflict, applied in order: ${JSON.stringify(inOrder)}`;
  if (step.target.kind === "rename") {
    // A feed of the folder unfollowed meanwhile has no folder to show.
    const shown = actual as unknown[];
    const want = (expected as unknown[]).map((v, i) => (shown[i] === undefined ? undefined : v));
    expect(actual, what).toEqual(want);
  } else expect(actual, what).toEqual(expected);
  for (const [side, local] of locals.entries()) {
    expect(conflictValue(step.target, local, universe, feeds), `side ${side}: ${what}`).toEqual(
      actual,
    );
  }
  return true;
}

/**
 * The answers that decided a command: neither a replay from the idempotency store nor "still
 * running" (code 1). The server stores successful answers only, so a refused write that is
 * retried is judged again: several refusals, then at most one success, may decide a command.
 */
function deciding(log: readonly LoggedWrite[], key: string) {
  return log.filter((r) => r.key === key && !r.replayed && !(r.status === 409 && r.code === 1));
}

function checkLog(
  log: readonly LoggedWrite[],
  dispatched: Map<string, Dispatched>,
  sent: string[][],
  devices: Device[],
) {
  const refused = new Set(devices.flatMap((d) => d.rejections.map((r) => r.commandId)));
  // Every write the server saw carried the key of a command someone dispatched.
  const strays = log.filter((r) => !r.key || !dispatched.has(r.key));
  expect(strays, "writes without a command id as Idempotency-Key").toEqual([]);
  for (const [commandId, command] of dispatched) {
    const decided = deciding(log, commandId);
    const trace = `${command.name} ${commandId}: ${JSON.stringify(log.filter((r) => r.key === commandId))}`;
    // Never lost, never applied twice, however often it was sent...
    expect(decided.length, `reached the server: ${trace}`).toBeGreaterThan(0);
    const applied = decided.filter((r) => r.status < 400);
    expect(applied.length, `applied at most once: ${trace}`).toBeLessThanOrEqual(1);
    // ...and settled on the last decision: confirmed if applied, else rolled back and reported.
    expect(decided.at(-1)!.status < 400, `last decision is the success: ${trace}`).toBe(
      applied.length === 1,
    );
    expect(refused.has(commandId), `refused ⇔ rolled back and reported: ${trace}`).toBe(
      applied.length === 0,
    );
  }
  // Each client's commands reached the server in the order they were made, one after another.
  for (const ids of sent) {
    const spans = ids.map((id) => deciding(log, id).map((r) => log.indexOf(r)));
    for (let i = 1; i < spans.length; i++) {
      expect(Math.min(...spans[i]!), "commands of one client in order").toBeGreaterThan(
        Math.max(...spans[i - 1]!),
      );
    }
  }
}

/** Replays every deciding answer, in the order the server gave them, on the model. */
function modelState(
  universe: Universe,
  log: readonly LoggedWrite[],
  dispatched: Map<string, Dispatched>,
) {
  const model = new ServerModel(universe);
  for (const record of log) {
    const command = record.key ? dispatched.get(record.key) : undefined;
    if (!command || record.replayed || (record.status === 409 && record.code === 1)) continue;
    const accepted = model.apply(command.name, command.payload);
    expect(accepted, `${command.name} ${JSON.stringify(command.payload)} accepted?`).toBe(
      record.status < 400,
    );
  }
  return model.state();
}

async function settle(devices: Device[]) {
  // A rollback may request a pull after a drain began: drain until all are idle at once.
  for (let round = 0; round < 10; round++) {
    await Promise.all(devices.map((d) => d.drain()));
    const pending = await Promise.all(devices.map((d) => d.db.query("SELECT 1 FROM outbox")));
    if (pending.every((rows) => rows.length === 0)) return;
  }
}

async function describeStuck(devices: Device[]) {
  const parts = await Promise.all(
    devices.map(async (d, i) => {
      const outbox = await d.db.query("SELECT name, attempts, last_error FROM outbox");
      const tabs = d.tabs.map((t) => `${t.id}${t.isLeader() ? "*" : ""}:${t.connectivity.status}`);
      return `device ${i} (tabs ${tabs.join(" ")}): ${JSON.stringify(outbox)}`;
    }),
  );
  return parts.join("\n");
}

async function within<T>(
  ms: number,
  work: Promise<T>,
  explain: () => string | Promise<string>,
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      async () => reject(new Error(`timed out after ${ms} ms: ${await explain()}`)),
      ms,
    );
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
