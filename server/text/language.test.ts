import { describe, expect, it } from "vitest";
import { detectLanguage, fillEntryLanguages, needsTranslation } from "./language.ts";

describe("language detection", () => {
  it.each([
    ["The city council approved a new plan for public transport on Tuesday evening.", "en"],
    ["東京都は火曜日に新しい交通計画を発表しました。バス路線が増えます。", "ja"],
    ["城市议会周二批准了新的公共交通计划。这个计划会增加十二条公交线路。", "zh-CN"],
    ["城市議會週二批准了新的公共交通計劃。這個計劃會增加十二條公車路線。", "zh-TW"],
    ["Le conseil municipal a approuvé un nouveau plan de transport public mardi soir.", "fr"],
    ["Der Stadtrat hat am Dienstagabend einen neuen Plan für den Nahverkehr beschlossen.", "de"],
  ])("%s -> %s", (text, tag) => {
    expect(detectLanguage(text)).toBe(tag);
  });

  it("says nothing about text too short to tell", () => {
    expect(detectLanguage("Hi there")).toBeNull();
    expect(detectLanguage("")).toBeNull();
  });

  it("fills only entries whose feed did not say", () => {
    const entries = [
      { language: "de", title: "The council approved a new transport plan", description: null },
      {
        language: null,
        title: "The council approved a new transport plan",
        description: "It adds twelve bus lines to the northern districts.",
      },
    ];
    fillEntryLanguages(entries);
    expect(entries.map((e) => e.language)).toEqual(["de", "en"]);
  });

  it("needs no translation within one language, but between Chinese scripts", () => {
    expect(needsTranslation("en-GB", "en")).toBe(false);
    expect(needsTranslation("zh-Hant", "zh-TW")).toBe(false);
    expect(needsTranslation("zh", "zh-CN")).toBe(false);
    expect(needsTranslation("zh-TW", "zh-CN")).toBe(true);
    expect(needsTranslation("ja", "en")).toBe(true);
    expect(needsTranslation(null, "en")).toBe(true);
  });
});
