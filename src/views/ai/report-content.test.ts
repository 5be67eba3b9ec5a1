import { describe, expect, it } from "vitest";
import { parseReport } from "./report-content.ts";

describe("daily report content", () => {
  it("reads headings, items and paragraphs, with citations of the report's entries", () => {
    expect(
      parseReport("## Space\n- A comet [1], then [2, 3].\n\nCalm day otherwise [9].", 3),
    ).toEqual([
      { kind: "heading", line: 0, pieces: [{ at: 0, text: "Space" }] },
      {
        kind: "item",
        line: 1,
        pieces: [
          { at: 0, text: "A comet " },
          { at: 8, cite: 1 },
          { at: 11, text: ", then " },
          { at: 18, cite: 2 },
          { at: 18.1, cite: 3 },
          { at: 24, text: "." },
        ],
      },
      // [9] names no entry of this report: kept as text.
      { kind: "paragraph", line: 3, pieces: [{ at: 0, text: "Calm day otherwise [9]." }] },
    ]);
  });

  it("keeps markup as text", () => {
    expect(parseReport("<img src=x onerror=alert(1)> [1]", 1)).toEqual([
      {
        kind: "paragraph",
        line: 0,
        pieces: [
          { at: 0, text: "<img src=x onerror=alert(1)> " },
          { at: 29, cite: 1 },
        ],
      },
    ]);
  });
});
