import fc from "fast-check";
import { parseHTML } from "linkedom";
import { beforeAll, describe, expect, it } from "vitest";
import { type MarkRange, plainText, wrapRange, wrapRanges } from "./text-marks.ts";

const HTML =
  "<p>Paragraph one: the <em>quick</em> brown fox.</p>\n<ul><li>jumps over</li>\n<li>the <a href='#'>lazy dog</a></li></ul><p>by the river, then <strong>rests</strong> a while.</p>";

function entry() {
  const { document } = parseHTML(`<html><body><div id="root">${HTML}</div></body></html>`);
  return document.getElementById("root") as unknown as HTMLElement;
}

/** What one walk per range (the reference) leaves: the same ranges, last first. */
function oneWalkPerRange(ranges: readonly MarkRange[]) {
  const root = entry();
  for (const range of [...ranges].sort((a, b) => b.start - a.start)) {
    wrapRange(root, range, range.id, range.color);
  }
  return root.innerHTML;
}

describe("wrapRanges", () => {
  beforeAll(() => {
    const { window } = parseHTML("<html></html>");
    // linkedom has no Text.splitText: the standard one, as browsers define it.
    const text = (window as unknown as { Text: { prototype: Record<string, unknown> } }).Text;
    text.prototype.splitText ??= function (this: Text, offset: number) {
      const rest = this.ownerDocument.createTextNode(this.data.slice(offset));
      this.data = this.data.slice(0, offset);
      this.parentNode?.insertBefore(rest, this.nextSibling);
      return rest;
    };
    (globalThis as Record<string, unknown>).NodeFilter ??= (
      window as unknown as { NodeFilter: unknown }
    ).NodeFilter ?? { SHOW_TEXT: 4 };
  });

  it("marks each passage, leaving the text as it was", () => {
    const root = entry();
    const text = plainText(root);
    const start = text.indexOf("quick");
    const later = text.indexOf("lazy");
    wrapRanges(root, [
      { id: "a", color: "yellow", start, end: start + "quick brown".length },
      { id: "b", color: "blue", start: later, end: later + "lazy dog".length },
    ]);
    expect(plainText(root)).toBe(text);
    const marks = [...root.querySelectorAll("mark")].map((mark) => [
      mark.getAttribute("data-highlight-id"),
      mark.textContent,
    ]);
    expect(marks).toEqual([
      ["a", "quick"],
      ["a", " brown"],
      ["b", "lazy dog"],
    ]);
  });

  it("leaves the same marks as one walk per range, overlapping ranges included", () => {
    const length = plainText(entry()).length;
    const range = fc
      .tuple(fc.nat(length - 1), fc.integer({ min: 1, max: 40 }))
      .map(([start, size]) => ({ start, end: Math.min(length, start + size) }));
    fc.assert(
      fc.property(fc.array(range, { maxLength: 12 }), (raw) => {
        const ranges = raw.map((r, i) => ({ ...r, id: `h${i}`, color: "yellow" }));
        const root = entry();
        wrapRanges(root, ranges);
        expect(root.innerHTML).toBe(oneWalkPerRange(ranges));
      }),
      { numRuns: 300 },
    );
  });
});
