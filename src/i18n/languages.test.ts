import { describe, expect, it } from "vitest";
import { detectLanguage, matchLanguage, resolveLanguage } from "./languages.ts";

describe("language resolution", () => {
  it.each([
    ["en", "en"],
    ["en-US", "en"],
    ["en_GB", "en"],
    ["ja", "ja"],
    ["ja-JP", "ja"],
    ["zh", "zh-CN"],
    ["zh-CN", "zh-CN"],
    ["zh-SG", "zh-CN"],
    ["zh-Hans", "zh-CN"],
    ["zh-Hans-HK", "zh-CN"],
    ["zh-TW", "zh-TW"],
    ["zh-HK", "zh-TW"],
    ["zh-MO", "zh-TW"],
    ["zh-Hant", "zh-TW"],
    ["zh-Hant-CN", "zh-TW"],
    ["ZH-tw", "zh-TW"],
  ])("%s -> %s", (tag, expected) => {
    expect(resolveLanguage(tag)).toBe(expected);
  });

  it("falls back to English for unsupported languages", () => {
    for (const tag of ["fr", "de-DE", "", "x", null, undefined]) {
      expect(matchLanguage(tag)).toBeUndefined();
      expect(resolveLanguage(tag)).toBe("en");
    }
  });
});

describe("detectLanguage", () => {
  it("prefers the stored choice", () => {
    expect(detectLanguage("ja", ["zh-TW"])).toBe("ja");
  });

  it("ignores an unsupported stored value", () => {
    expect(detectLanguage("fr", ["zh-HK"])).toBe("zh-TW");
  });

  it("takes the first supported browser language", () => {
    expect(detectLanguage(null, ["fr-FR", "de", "ja-JP", "en"])).toBe("ja");
  });

  it("defaults to English", () => {
    expect(detectLanguage(null, [])).toBe("en");
    expect(detectLanguage(undefined, ["ko", "fr"])).toBe("en");
  });
});
