import fc from "fast-check";
import { afterAll, beforeAll, describe, it } from "vitest";
import { runScenario } from "./support/scenario.ts";
import { stepsArb } from "./support/steps.ts";
import { startUniverse, type Universe } from "./support/universe.ts";

// Figures: override with SYNC_PROPERTY_RUNS / SYNC_PROPERTY_SEED to dig deeper or replay.
const RUNS = Number(process.env.SYNC_PROPERTY_RUNS ?? 40);
const SEED = process.env.SYNC_PROPERTY_SEED ? Number(process.env.SYNC_PROPERTY_SEED) : undefined;
const CLIENTS = 3;
const FEEDS = 3;
const ENTRIES_PER_FEED = 6;
/** The share of requests hit by a fault at the start of a run (steps change it per client). */
const FAULT_RATE = fc.constantFrom(0.1, 0.3, 0.5);

describe("sync engine, model-based, against the real server", () => {
  let universe: Universe;
  beforeAll(async () => {
    universe = await startUniverse(FEEDS, ENTRIES_PER_FEED);
  }, 120_000);
  afterAll(() => universe?.close());

  it("converges: every client equals the server, every command applied exactly once, in order", async () => {
    const totals = {
      slowestMs: 0,
      runs: 0,
      steps: 0,
      commands: 0,
      refused: 0,
      requests: 0,
      faults: 0,
      replays: 0,
    };
    const started = performance.now();
    const steps = stepsArb({
      clients: CLIENTS,
      feeds: FEEDS,
      entries: FEEDS * ENTRIES_PER_FEED,
      minSteps: 10,
      maxSteps: 30,
    });
    await fc.assert(
      fc.asyncProperty(steps, fc.nat(), FAULT_RATE, async (plan, seed, faultRate) => {
        const runStarted = performance.now();
        const stats = await runScenario(universe, plan, { clients: CLIENTS, seed, faultRate });
        totals.slowestMs = Math.max(totals.slowestMs, performance.now() - runStarted);
        totals.runs += 1;
        totals.steps += plan.length;
        totals.commands += stats.commands;
        totals.refused += stats.refused;
        totals.requests += stats.requests;
        totals.faults += stats.faults;
        totals.replays += stats.replays;
      }),
      // Each run costs a second or so: no shrinking marathon, the counterexample is printed.
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.info(
      `sync property: ${totals.runs} runs, ${totals.steps} steps, ${totals.commands} commands ` +
        `(${totals.refused} refused and rolled back), ${totals.requests} requests, ` +
        `${totals.faults} injected faults, ${totals.replays} idempotent replays, ${seconds} s ` +
        `(slowest run ${Math.round(totals.slowestMs)} ms)`,
    );
  }, 600_000);
});
