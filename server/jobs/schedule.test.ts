import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { FeedRow } from "../db/schema.ts";
import { feedHints, feedLifetimeMs, linkHeader } from "../ingest/feed-hints.ts";
import {
  cacheLifetimeMs,
  DEFAULT_BOUNDS,
  failureInterval,
  feedRhythm,
  nextCheckDelay,
  updatesPerWeek,
} from "./schedule.ts";
import { interleaveByHost } from "./scheduler.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const start = Date.UTC(2026, 0, 20);
const none = { cacheMs: null, feedMs: null };
/** A feed that published every day at 09:00 UTC for two weeks, up to `now`. */
const dailyAtNine = Array.from({ length: 14 }, (_, i) => start - (i + 1) * DAY + 9 * HOUR);

describe("feed schedule", () => {
  it("reads a daily feed's hour of day: dense checks around 09:00, sparse elsewhere", () => {
    const rhythm = feedRhythm(dailyAtNine, start)!;
    expect(rhythm.perDay).toBeCloseTo(1, 0);
    expect(rhythm.regularGapMs).toBe(DAY);
    expect(rhythm.perHour[9]).toBeGreaterThan(rhythm.perHour[3]! * 10);
    const atNine = nextCheckDelay(dailyAtNine, start + 9 * HOUR, none);
    const atThree = nextCheckDelay(dailyAtNine, start + 3 * HOUR, none);
    expect(atNine).toBeLessThanOrEqual(20 * 60_000);
    // A quiet stretch ends by the start of the hour the feed publishes in, not later.
    expect(atThree).toBeGreaterThan(atNine);
    expect(start + 3 * HOUR + atThree).toBeLessThanOrEqual(start + 9 * HOUR);
  });

  it("waits half its period after a periodic feed's entry, then watches its hour again", () => {
    const today = [...dailyAtNine, start + 9 * HOUR + 5 * 60_000];
    const afterFound = nextCheckDelay(today, start + 9 * HOUR + 10 * 60_000, none);
    expect(afterFound).toBeGreaterThanOrEqual(12 * HOUR - 5 * 60_000);
    // Back by the next day's 09:00 (and its hour before is not the busy one).
    expect(start + 9 * HOUR + 10 * 60_000 + afterFound).toBeLessThanOrEqual(start + DAY + 9 * HOUR);
  });

  it("stays within the operator's bounds whatever the history", () => {
    const bounds = { minMs: 2 * 60_000, maxMs: 6 * HOUR };
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: start - 60 * DAY, max: start }), { maxLength: 60 }),
        fc.integer({ min: 0, max: DAY }),
        (times, offset) => {
          const delay = nextCheckDelay(times, start + offset, none, bounds);
          expect(delay).toBeGreaterThanOrEqual(bounds.minMs);
          expect(delay).toBeLessThanOrEqual(bounds.maxMs);
        },
      ),
    );
  });

  it("never checks sooner than the server's cache lifetime or the feed's ttl ask", () => {
    const hourly = Array.from({ length: 48 }, (_, i) => start - i * HOUR);
    // A feed publishing all day: about half its gap, one check in two finding something new.
    const gap = nextCheckDelay(hourly, start, none);
    expect(gap).toBeGreaterThan(25 * 60_000);
    expect(gap).toBeLessThan(35 * 60_000);
    expect(nextCheckDelay(hourly, start, { cacheMs: 2 * HOUR, feedMs: null })).toBe(2 * HOUR);
    expect(nextCheckDelay(hourly, start, { cacheMs: null, feedMs: 3 * HOUR })).toBe(3 * HOUR);
    // ... but the operator's maximum still wins.
    expect(nextCheckDelay(hourly, start, { cacheMs: 90 * DAY, feedMs: null })).toBe(
      DEFAULT_BOUNDS.maxMs,
    );
    expect(cacheLifetimeMs({ "cache-control": "public, max-age=600" })).toBe(600_000);
    expect(cacheLifetimeMs({ "cache-control": "no-cache, max-age=600" })).toBeNull();
    expect(
      cacheLifetimeMs({ expires: new Date(Date.now() + 60_000).toUTCString() }),
    ).toBeGreaterThan(50_000);
    expect(cacheLifetimeMs({})).toBeNull();
  });

  it("backs off exponentially with jitter, capped, honouring Retry-After", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (failures, r) => {
          const interval = failureInterval(failures, null, DEFAULT_BOUNDS, () => r);
          expect(interval).toBeGreaterThanOrEqual(DEFAULT_BOUNDS.minMs);
          expect(interval).toBeLessThanOrEqual(DEFAULT_BOUNDS.maxMs * 1.2);
          const next = failureInterval(failures + 1, null, DEFAULT_BOUNDS, () => r);
          expect(next).toBeGreaterThanOrEqual(interval);
        },
      ),
    );
    expect(failureInterval(1, 7200, DEFAULT_BOUNDS, () => 0.5)).toBe(7_200_000);
    // A Retry-After of a year is not taken at its word.
    expect(failureInterval(1, 365 * 86_400, DEFAULT_BOUNDS, () => 0.5)).toBe(7 * DAY);
  });

  it("counts updates per week", () => {
    const now = Date.UTC(2026, 0, 10);
    const iso = (ms: number) => new Date(ms).toISOString();
    const times = [iso(now - DAY), iso(now - 3 * DAY), iso(now - 9 * DAY)];
    expect(updatesPerWeek(times, now)).toBe(2);
  });
});

describe("feed hints", () => {
  const bytes = (text: string) => new TextEncoder().encode(text);

  it("reads <ttl> and <sy:updatePeriod>/<sy:updateFrequency> as the feed's lifetime", () => {
    expect(feedLifetimeMs("<rss><channel><ttl>90</ttl>")).toBe(90 * 60_000);
    expect(
      feedLifetimeMs(
        "<sy:updatePeriod>daily</sy:updatePeriod><sy:updateFrequency>4</sy:updateFrequency>",
      ),
    ).toBe(6 * HOUR);
    expect(feedLifetimeMs("<sy:updatePeriod>hourly</sy:updatePeriod>")).toBe(HOUR);
    expect(feedLifetimeMs('<sy:updatePeriod xmlns:sy="x">weekly</sy:updatePeriod>')).toBe(7 * DAY);
    expect(feedLifetimeMs("<title>no hints</title>")).toBeNull();
  });

  it("finds the WebSub hub and self URL in Atom, RSS atom:link, JSON Feed and Link headers", () => {
    const atom = `<feed xmlns="http://www.w3.org/2005/Atom"><link rel="hub" href="https://hub.example/"/><link rel="self" href="/feed.xml"/>`;
    expect(feedHints(bytes(atom), {}, "https://site.example/x")).toEqual({
      feedMs: null,
      hub: "https://hub.example/",
      self: "https://site.example/feed.xml",
    });
    const rss = `<rss><channel><atom:link href="https://site.example/rss?a=1&amp;b=2" rel="self"/><atom:link rel='hub' href='https://hub.example/h'/>`;
    expect(feedHints(bytes(rss), {}, "https://site.example/rss")).toMatchObject({
      hub: "https://hub.example/h",
      self: "https://site.example/rss?a=1&b=2",
    });
    const json = JSON.stringify({
      feed_url: "https://s.example/f.json",
      hubs: [{ type: "WebSub", url: "https://hub.example/j" }],
    });
    expect(feedHints(bytes(json), {}, "https://s.example/")).toMatchObject({
      hub: "https://hub.example/j",
      self: "https://s.example/f.json",
    });
    expect(
      linkHeader('<https://hub.example/l>; rel="hub", </self>; rel=self', "https://s.example/a"),
    ).toEqual({ hub: "https://hub.example/l", self: "https://s.example/self" });
    // A header wins over the body; javascript: and other schemes are never a hub.
    expect(
      feedHints(bytes(atom), { link: "<javascript:alert(1)>; rel=hub" }, "https://s.example/").hub,
    ).toBe("https://hub.example/");
  });
});

describe("a claimed batch", () => {
  it("is fetched one host per turn, each host's feeds in their order", () => {
    const feed = (url: string) => ({ id: url, url }) as FeedRow;
    const batch = [
      "http://a/1",
      "http://a/2",
      "http://a/3",
      "http://b/1",
      "http://c/1",
      "http://b/2",
    ];
    expect(interleaveByHost(batch.map(feed)).map((f) => f.url)).toEqual([
      "http://a/1",
      "http://b/1",
      "http://c/1",
      "http://a/2",
      "http://b/2",
      "http://a/3",
    ]);
  });
});
