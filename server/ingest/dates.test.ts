import { describe, expect, it } from "vitest";
import { parseDuration, parseFeedDate } from "./dates.ts";

const iso = (raw: string) => parseFeedDate(raw)?.toISOString() ?? null;

describe("parseFeedDate", () => {
  it.each([
    ["Thu, 01 Jan 2004 19:48:21 GMT", "2004-01-01T19:48:21.000Z"],
    ["Thu, 01 Jan 2004 19:48:21 +0100", "2004-01-01T18:48:21.000Z"],
    ["01 Jan 2004 19:48 EST", "2004-01-02T00:48:00.000Z"],
    ["Thu, 1 January 2004 19:48:21 PDT", "2004-01-02T02:48:21.000Z"],
    ["Thu, 01 Jan 04 19:48:21 GMT", "2004-01-01T19:48:21.000Z"],
    ["Thu,01 Jan 2004 19:48:21 +00:00", "2004-01-01T19:48:21.000Z"],
    ["Thu, 01 Jan 2004 19:48:21 CEST", "2004-01-01T17:48:21.000Z"],
    ["Thu, 01 Jan 2004 19:48:21 Z", "2004-01-01T19:48:21.000Z"],
    ["Thu, 01 Jan 2004 19:48:21 GMT+2", "2004-01-01T17:48:21.000Z"],
    ["Thu, 01 Jan 2004 19:48:21", "2004-01-01T19:48:21.000Z"],
    ["Jan 1, 2004 19:48:21 GMT", "2004-01-01T19:48:21.000Z"],
    ["2003-12-31T10:14:55Z", "2003-12-31T10:14:55.000Z"],
    ["2003-12-31T10:14:55.123-08:00", "2003-12-31T18:14:55.123Z"],
    ["2003-12-31T10:14:55+0530", "2003-12-31T04:44:55.000Z"],
    ["2003-12-31T10:14Z", "2003-12-31T10:14:00.000Z"],
    ["2003-12-31 10:14:55", "2003-12-31T10:14:55.000Z"],
    ["2003-12-31", "2003-12-31T00:00:00.000Z"],
    ["2003-12", "2003-12-01T00:00:00.000Z"],
    ["20031231T101455Z", "2003-12-31T10:14:55.000Z"],
  ])("%s", (raw, expected) => {
    expect(iso(raw)).toBe(expected);
  });

  it.each(["", "   ", "not a date", "2003-13-45", "Thu, 45 Foo 2004", "31/12/2003"])(
    "%j is null",
    (raw) => {
      expect(parseFeedDate(raw)).toBeNull();
    },
  );
});

describe("parseDuration (SPEC §5 time strings)", () => {
  it.each([
    ["1:02:03", 3723],
    ["02:03", 123],
    ["2:03", 123],
    ["125", 125],
    ["90.6", 91],
    [3600, 3600],
  ] as const)("%j is %i seconds", (raw, seconds) => {
    expect(parseDuration(raw)).toBe(seconds);
  });

  it.each(["", "abc", "1:2:3:4", -5, Number.NaN])("%j is null", (raw) => {
    expect(parseDuration(raw)).toBeNull();
  });
});
