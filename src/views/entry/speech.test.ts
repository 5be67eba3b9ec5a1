import { describe, expect, it } from "vitest";
import { speechSentences } from "./speech.ts";

describe("speechSentences", () => {
  it("cuts text into sentences, in any script, dropping empty ones", () => {
    expect(speechSentences("First one. Second!  Third?\n 東京です。大阪です。 ...")).toEqual([
      "First one.",
      "Second!",
      "Third?",
      "東京です。",
      "大阪です。",
    ]);
  });

  it("cuts very long sentences at a space", () => {
    const long = `${"word ".repeat(100)}end.`;
    const parts = speechSentences(long);
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.every((part) => part.length <= 240)).toBe(true);
    expect(parts.join(" ")).toBe(long.trim());
  });
});
