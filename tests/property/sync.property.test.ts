import fc from "fast-check";
import { afterAll, beforeAll, describe, it } from "vitest";
import { runScenario } from "./support/scenario.ts";
import { stepsArb } from "./support/steps.ts";
import { startUniverse, type Universe } from "./support/universe.ts";

// Figures: override with SYNC_PROPERTY_RUNS / SYNC_PROPERTY_SEED to dig deeper or replay.
const RUNS = Number(process.env.SYNC_PROPERTY_RUNS ?? 16);
const SEED = process.env.SYNC_PROPERTY_SEED ? Number(process.env.SYNC_PROPERTY_SEED) : undefined;
/** Devices, each with its own database, and 1 to 3 tabs per device sharing it. */
const CLIENTS = 3;
const TABS = fc.array(fc.integer({ min: 1, max: 3 }), { minLength: CLIENTS, maxLength: CLIENTS });
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

  it("converges: every device (all its tabs) equals the server, every command applied exactly once, in order, conflicts as their rule says", async () => {
    const totals = {
      slowestMs: 0,
      runs: 0,
      steps: 0,
      commands: 0,
      refused: 0,
      requests: 0,
      faults: 0,
      replays: 0,
      tabsOpened: 0,
      handovers: 0,
      reloads: 0,
      crashes: 0,
      crashesMidPush: 0,
      conflicts: 0,
      conflictsChecked: 0,
      ownWrites: 0,
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
      fc.asyncProperty(steps, TABS, fc.nat(), FAULT_RATE, async (plan, tabs, seed, faultRate) => {
        const runStarted = performance.now();
        const stats = await runScenario(universe, plan, {
          clients: CLIENTS,
          tabs,
          seed,
          faultRate,
        });
        totals.slowestMs = Math.max(totals.slowestMs, performance.now() - runStarted);
        totals.runs += 1;
        totals.steps += plan.length;
        totals.commands += stats.commands;
        totals.refused += stats.refused;
        totals.requests += stats.requests;
        totals.faults += stats.faults;
        totals.replays += stats.replays;
        for (const key of [
          "tabsOpened",
          "handovers",
          "reloads",
          "crashes",
          "crashesMidPush",
          "conflicts",
          "conflictsChecked",
          "ownWrites",
        ] as const) {
          totals[key] += stats[key];
        }
      }),
      // Each run costs a second or so: no shrinking marathon, the counterexample is printed.
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.info(
      `sync property: ${totals.runs} runs, ${totals.steps} steps, ${totals.commands} commands ` +
        `(${totals.refused} refused and rolled back), ${totals.requests} requests, ` +
        `${totals.faults} injected faults, ${totals.replays} idempotent replays; ` +
        `${totals.tabsOpened} tabs opened, ${totals.handovers} leader handovers, ` +
        `${totals.reloads} reloads, ${totals.crashes} device crashes (${totals.crashesMidPush} ` +
        `mid-push); ${totals.conflicts} conflicts, ${totals.conflictsChecked} checked against ` +
        `their rule; ${totals.ownWrites} own last writes found on their idle device; ${seconds} s ` +
        `(slowest run ${Math.round(totals.slowestMs)} ms)`,
    );
  }, 600_000);
});
