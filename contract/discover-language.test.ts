import { describe, expect, it } from "vitest";
import { languageRank, primaryLanguage } from "./discover-language.ts";

describe("discover language", () => {
  it("reads the primary subtag of a declared language", () => {
    expect(primaryLanguage("zh-TW")).toBe("zh");
    expect(primaryLanguage(" EN_us ")).toBe("en");
    expect(primaryLanguage("ja")).toBe("ja");
    expect(primaryLanguage("")).toBeNull();
    expect(primaryLanguage(null)).toBeNull();
    expect(primaryLanguage("not a language")).toBeNull();
  });

  it("puts feeds in the wanted language first, unknown after, others out", () => {
    expect(languageRank("ja", "ja-JP")).toBe(0);
    expect(languageRank("ja", null)).toBe(1);
    expect(languageRank("ja", "en-US")).toBeNull();
    expect(languageRank("all", "en-US")).toBe(0);
    expect(languageRank("all", null)).toBe(0);
  });
});
