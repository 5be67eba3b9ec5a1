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

  it.each(["", "   ", "not a date", "2003-13-45", "Thu, 45 Foo 2004", "31/02/2003", "13/13/2003"])(
    "%j is null",
    (raw) => {
      expect(parseFeedDate(raw)).toBeNull();
    },
  );
});

describe("parseFeedDate: numeric dates with slashes or dots", () => {
  it.each([
    // Year first is unambiguous: year/month/day, with or without a time; no zone means UTC.
    ["2024/03/05 10:00", null, "2024-03-05T10:00:00.000Z"],
    ["2024/3/5", null, "2024-03-05T00:00:00.000Z"],
    ["2024/03/05 10:00:30 +0900", null, "2024-03-05T01:00:30.000Z"],
    ["2024/03/05T10:00:00Z", null, "2024-03-05T10:00:00.000Z"],
    // Perforce's form, as feedparser reads it.
    ["Fri, 2006/09/15 08:19:53 EDT", null, "2006-09-15T12:19:53.000Z"],
    // Year last: month first (US order) unless the day cannot be a month or the language
    // writes the day first.
    ["03/05/2024", null, "2024-03-05T00:00:00.000Z"],
    ["03/05/2024", "en-US", "2024-03-05T00:00:00.000Z"],
    ["03/05/2024", "en-GB", "2024-05-03T00:00:00.000Z"],
    ["03/05/2024", "fr", "2024-05-03T00:00:00.000Z"],
    ["03/05/2024", "ja", "2024-03-05T00:00:00.000Z"],
    ["31/12/2003", null, "2003-12-31T00:00:00.000Z"],
    ["12/31/2003 5:30 PM", null, "2003-12-31T17:30:00.000Z"],
    ["12/31/2003 12:15 am", null, "2003-12-31T00:15:00.000Z"],
    // Dots are written day first.
    ["05.03.2024 10:00", null, "2024-03-05T10:00:00.000Z"],
  ])("%s (%s)", (raw, language, expected) => {
    expect(parseFeedDate(raw, language)?.toISOString() ?? null).toBe(expected);
  });

  it.each(["2024/13/05", "2024/02/30", "13/13/2003", "03/05/24x", "12/31/2003 13:00 pm"])(
    "%j is null",
    (raw) => {
      expect(parseFeedDate(raw)).toBeNull();
    },
  );
});

describe("parseDuration (HH:MM:SS time strings)", () => {
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
