import { expect } from "vitest";
import type { CommandName } from "../../../src/commands/registry.ts";
import { openTestClient, signUp, type TestClient } from "../../support/sync/remote.ts";
import { localState, serverState } from "../../support/sync/state.ts";
import { freshEmail } from "../../support/sync/world.ts";
import { ServerModel } from "./model.ts";
import { FaultyNetwork, type LoggedWrite } from "./network.ts";
import { resolve, type Step } from "./steps.ts";
import type { Universe } from "./universe.ts";

export interface ScenarioStats {
  commands: number;
  refused: number;
  requests: number;
  faults: number;
  replays: number;
}

interface Dispatched {
  client: number;
  name: CommandName;
  payload: Record<string, unknown>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One run: a fresh user with several clients, each behind its own faulty link, performs the
 * steps; then the network heals, every queue drains, every client pulls, and the invariants
 * are checked against the server (through the API) and against the model.
 */
export async function runScenario(
  universe: Universe,
  steps: readonly Step[],
  options: { clients: number; seed: number; faultRate: number },
): Promise<ScenarioStats> {
  const account = await signUp(universe.baseUrl, freshEmail("property"));
  const network = new FaultyNetwork();
  const clients: TestClient[] = [];
  for (let i = 0; i < options.clients; i++) {
    clients.push(
      await openTestClient({
        baseUrl: universe.baseUrl,
        account,
        fetch: network.link(i, options.seed + i),
        backoff: { baseMs: 2, maxMs: 25, jitter: false },
        // Short enough that the "hang" fault makes the client's own timeout fire; far above
        // a loopback request's time even on a loaded machine.
        engine: { requestTimeoutMs: 1_500 },
      }),
    );
  }
  for (let i = 0; i < options.clients; i++) network.setFaultRate(i, options.faultRate);
  const dispatched = new Map<string, Dispatched>();
  const sent: string[][] = clients.map(() => []);
  try {
    for (const client of clients) client.engine.start();
    for (const step of steps) {
      const client = "client" in step ? clients[step.client]! : undefined;
      switch (step.kind) {
        case "command": {
          const command = await resolve(step.action, universe, client!.db);
          if (!command) break;
          const meta = await client!.dispatch(command.name, command.payload as never);
          dispatched.set(meta.commandId, { client: step.client, ...command });
          sent[step.client]!.push(meta.commandId);
          await sleep(step.pause);
          break;
        }
        case "browserOffline":
          client!.setBrowserOnline(false);
          break;
        case "browserOnline":
          client!.setBrowserOnline(true);
          break;
        case "outage":
          network.setDown(step.client, step.down);
          break;
        case "faultRate":
          network.setFaultRate(step.client, step.rate);
          break;
        case "pull":
          client!.engine.pull().catch(() => undefined);
          break;
        case "wait":
          await sleep(step.ms);
          break;
      }
    }

    // Heal: the network comes back, every client drains its queue and pulls once more.
    network.heal();
    for (const client of clients) client.setBrowserOnline(true);
    await within(60_000, settle(clients), () => describeStuck(clients));
    for (const client of clients) await within(30_000, client.engine.pull(), () => "final pull");

    checkLog(network.log, dispatched, sent, clients);
    const server = await serverState(universe.baseUrl, account);
    expect(server, "server state = model of the applied writes").toEqual(
      modelState(universe, network.log, dispatched),
    );
    for (const [i, client] of clients.entries()) {
      expect(await localState(client.db), `client ${i} = server`).toEqual(server);
      expect(await client.db.query("SELECT command_id FROM outbox"), `client ${i} outbox`).toEqual(
        [],
      );
      expect(await client.db.query("SELECT seq FROM events WHERE status = 'pending'")).toEqual([]);
    }
    const refused = clients.reduce((n, c) => n + c.rejections.length, 0);
    return {
      commands: dispatched.size,
      refused,
      requests: network.requests,
      faults: [...network.faultsInjected.values()].reduce((a, b) => a + b, 0),
      replays: network.log.filter((r) => r.replayed).length,
    };
  } finally {
    for (const client of clients) await client.close();
  }
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
  clients: TestClient[],
) {
  const refused = new Set(clients.flatMap((c) => c.rejections.map((r) => r.commandId)));
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

async function settle(clients: TestClient[]) {
  // A rollback may request a pull after a drain began: drain until all are idle at once.
  for (let round = 0; round < 10; round++) {
    await Promise.all(clients.map((c) => c.engine.drain()));
    const pending = await Promise.all(clients.map((c) => c.db.query("SELECT 1 FROM outbox")));
    if (pending.every((rows) => rows.length === 0)) return;
  }
}

async function describeStuck(clients: TestClient[]) {
  const parts = await Promise.all(
    clients.map(async (c, i) => {
      const outbox = await c.db.query("SELECT name, attempts, last_error FROM outbox");
      return `client ${i} (${c.connectivity.status}): ${JSON.stringify(outbox)}`;
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
