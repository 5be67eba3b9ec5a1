import { describe, expect, it } from "vitest";
import { compileRegex } from "../../../contract/actions-match.ts";
import { normalizeSpotlight } from "../../settings/spotlight.ts";
import { spotlightMatcher } from "./spotlight-match.ts";
import {
  type ArrivalState,
  arrivalsToNotify,
  NOTIFY_BATCH,
  raisedEntries,
  type SpotlightCandidate,
} from "./spotlight-select.ts";
import { matcherFor } from "./use-spotlight.ts";

const entry = (id: string, title: string | null, description: string | null = null) =>
  ({ id, title, description }) satisfies SpotlightCandidate;

const matcher = spotlightMatcher(
  normalizeSpotlight([{ pattern: "rust" }, { pattern: "v\\d+", isRegex: true }]),
  compileRegex,
);

describe("spotlight settings: raise and notify", () => {
  it("reads lists saved before the options existed, and keeps the options only when on", () => {
    expect(normalizeSpotlight([{ pattern: "rust", color: "green", isRegex: false }])).toEqual([
      { pattern: "rust", color: "green", isRegex: false },
    ]);
    expect(
      normalizeSpotlight([
        { pattern: "a", raise: true, notify: "yes" },
        { pattern: "b", raise: false, notify: true },
      ]),
    ).toEqual([
      { pattern: "a", color: "yellow", isRegex: false, raise: true },
      { pattern: "b", color: "yellow", isRegex: false, notify: true },
    ]);
  });

  it("builds a raise or notify matcher from only the keywords set to it", () => {
    const stored = [
      { pattern: "rust", raise: true },
      { pattern: "go", notify: true },
    ];
    const titles = [entry("1", "Rust"), entry("2", "Go")];
    expect(raisedEntries(titles, matcherFor(stored, "raise")).map((e) => e.id)).toEqual(["1"]);
    expect(raisedEntries(titles, matcherFor(stored, "notify")).map((e) => e.id)).toEqual(["2"]);
    expect(raisedEntries(titles, matcherFor(stored)).map((e) => e.id)).toEqual(["1", "2"]);
    expect(matcherFor([{ pattern: "rust" }], "raise")).toBeNull();
  });
});

describe("raisedEntries", () => {
  it("keeps the order of the candidates, matches title or description, and stops at the limit", () => {
    const candidates = [
      entry("a", "Nothing here"),
      entry("b", "Release v12"),
      entry("c", null, "All about RUST"),
      entry("d", "rusty"),
    ];
    expect(raisedEntries(candidates, matcher).map((e) => e.id)).toEqual(["b", "c", "d"]);
    expect(raisedEntries(candidates, matcher, 2).map((e) => e.id)).toEqual(["b", "c"]);
    expect(raisedEntries(candidates, null)).toEqual([]);
  });
});

describe("arrivalsToNotify", () => {
  const state = (notified = new Set<string>()): ArrivalState => ({
    seen: null,
    wasNotified: (id) => notified.has(id),
    markNotified: (id) => notified.add(id),
  });

  it("never announces what was there at the first look, and each new match once", () => {
    const watch = state();
    expect(arrivalsToNotify(watch, [entry("old", "Rust 1")], matcher)).toEqual({
      notify: [],
      more: 0,
    });
    const next = [entry("new", "Rust 2"), entry("other", "Go"), entry("old", "Rust 1")];
    expect(arrivalsToNotify(watch, next, matcher).notify.map((e) => e.id)).toEqual(["new"]);
    // The same look again (any change re-reads it): nothing new.
    expect(arrivalsToNotify(watch, next, matcher).notify).toEqual([]);
  });

  it("matches titles only, and skips entries another tab announced", () => {
    const notified = new Set(["elsewhere"]);
    const watch = state(notified);
    arrivalsToNotify(watch, [], matcher);
    const found = arrivalsToNotify(
      watch,
      [entry("elsewhere", "Rust"), entry("described", "Plain", "rust inside"), entry("x", "v2")],
      matcher,
    );
    expect(found.notify.map((e) => e.id)).toEqual(["x"]);
    expect([...notified]).toEqual(["elsewhere", "x"]);
  });

  it("announces a burst one by one up to the batch, then counts the rest", () => {
    const watch = state();
    arrivalsToNotify(watch, [], matcher);
    const burst = Array.from({ length: NOTIFY_BATCH + 4 }, (_, n) => entry(`e${n}`, `Rust ${n}`));
    const found = arrivalsToNotify(watch, burst, matcher);
    expect(found.notify).toHaveLength(NOTIFY_BATCH);
    expect(found.more).toBe(4);
  });

  it("announces nothing without a notify keyword, yet remembers what it saw", () => {
    const watch = state();
    arrivalsToNotify(watch, [], null);
    expect(arrivalsToNotify(watch, [entry("a", "Rust")], null).notify).toEqual([]);
    expect(arrivalsToNotify(watch, [entry("a", "Rust")], matcher).notify).toEqual([]);
  });
});
