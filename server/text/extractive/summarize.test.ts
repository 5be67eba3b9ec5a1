import { describe, expect, it } from "vitest";
import { splitSentences, termsOf } from "./agnostic.ts";
import { summarizeExtractive } from "./summarize.ts";

const ENGLISH = [
  "Dr. Smith opened the new library on Main St. on Monday.",
  "The library holds forty thousand books and a large reading room.",
  "Children can borrow library books for free with a school card.",
  "It rained all afternoon.",
  "The library will also host weekly reading clubs for adults and children.",
  "Parking nearby is limited.",
].join(" ");

describe("extractive summaries", () => {
  it("picks whole English sentences in their order, abbreviations kept inside sentences", () => {
    const summary = summarizeExtractive(ENGLISH, "en");
    expect(summary).toContain("Dr. Smith opened the new library on Main St. on Monday.");
    expect(summary).toContain("library");
    expect(summary).not.toContain("It rained all afternoon.");
    const order = ["Dr. Smith", "forty thousand", "weekly reading"].map((s) => summary.indexOf(s));
    expect(order.filter((i) => i >= 0)).toEqual(
      [...order.filter((i) => i >= 0)].sort((a, b) => a - b),
    );
  });

  it("summarizes Chinese by character pairs, sentences cut at 。！？", () => {
    const text =
      "城市议会周二批准了新的公共交通计划。该计划增加十二条公交线路。天气很好！新的公交线路将于明年春天开通。交通计划预计缩短通勤时间。";
    expect(splitSentences(text)).toHaveLength(5);
    const summary = summarizeExtractive(text, "zh-CN");
    expect(summary).toContain("城市议会周二批准了新的公共交通计划。");
    expect(summary.length).toBeLessThanOrEqual(text.length);
    expect(termsOf("公交线路")).toEqual(["公交", "交线", "线路"]);
  });

  it("reads text of unknown language as English when it is mostly ASCII letters", () => {
    expect(summarizeExtractive(ENGLISH, null)).toBe(summarizeExtractive(ENGLISH, "en"));
  });

  it("bounds its output and survives hostile input", () => {
    const long = "word ".repeat(50_000);
    expect(summarizeExtractive(long, "de").length).toBeLessThanOrEqual(700);
    expect(summarizeExtractive("", "en")).toBe("");
    expect(summarizeExtractive("!!!???...", "fr")).toBe("");
  });
});
