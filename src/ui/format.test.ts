import { describe, expect, it } from "vitest";
import { compactNumber, dayKey, dayLabel, duration, openingWords, relativeTime } from "./format.ts";

describe("reader formatting", () => {
  it("compacts numbers with K, M and B and one decimal", () => {
    expect(compactNumber(999)).toBe("999");
    expect(compactNumber(1000)).toBe("1K");
    expect(compactNumber(1250)).toBe("1.2K");
    expect(compactNumber(3_400_000)).toBe("3.4M");
    expect(compactNumber(2e9)).toBe("2B");
  });

  it("formats durations", () => {
    expect(duration(59)).toBe("0:59");
    expect(duration(3601)).toBe("1:00:01");
    expect(duration(undefined)).toBe("");
  });

  it("labels days and relative times", () => {
    const now = new Date("2025-03-10T12:00:00");
    expect(dayLabel(dayKey(now.toISOString()), "en", { today: "T", yesterday: "Y" }, now)).toBe(
      "T",
    );
    const before = new Date("2025-03-09T08:00:00").toISOString();
    expect(dayLabel(dayKey(before), "en", { today: "T", yesterday: "Y" }, now)).toBe("Y");
    expect(relativeTime(new Date(now.getTime() - 5 * 60_000).toISOString(), "en", +now)).toBe(
      "5 min. ago",
    );
  });

  it("titles an untitled post by its opening words, cut at a word boundary with an ellipsis", () => {
    const text = "The quick brown fox jumps over the lazy dog and keeps running far away";
    expect(openingWords(text, 30)).toBe("The quick brown fox jumps over…");
    expect(openingWords("A word, then another thing", 9)).toBe("A word…");
    expect(openingWords("  short\n text  ", 30)).toBe("short text");
    expect(openingWords(undefined)).toBe("");
    // No spaces to cut at (CJK): cut at the limit.
    expect(openingWords("一二三四五六七八九十", 4)).toBe("一二三四…");
    const long = openingWords("word ".repeat(40));
    expect(long.length).toBeLessThanOrEqual(81);
    expect(long.endsWith("word…")).toBe(true);
  });
});
