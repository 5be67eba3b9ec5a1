import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatBinding, formatBindingText, sortKeyTokens } from "./format.ts";

const ORDER = ["Shift", "Control", "Meta", "Alt"];

describe("shortcut display order (modifiers, function keys, then other keys)", () => {
  it("puts Shift, Control, Meta, Alt, then F1–F12, then other keys", () => {
    expect(sortKeyTokens(["K", "Alt", "F2", "Meta", "F10", "Shift", "Control", "F1"])).toEqual([
      "Shift",
      "Control",
      "Meta",
      "Alt",
      "F1",
      "F2",
      "F10",
      "K",
    ]);
  });

  it("orders any arrangement the same way", () => {
    const token = fc.constantFrom(...ORDER, "F1", "F5", "F12", "A", "Space", ",");
    const arrangements = fc
      .uniqueArray(token, { maxLength: 8 })
      .chain((tokens) =>
        fc.tuple(fc.constant(tokens), fc.shuffledSubarray(tokens, { minLength: tokens.length })),
      );
    fc.assert(
      fc.property(arrangements, ([tokens, shuffled]) => {
        const sorted = sortKeyTokens(tokens);
        // Modifiers and F keys land in the same places whatever the input order.
        const fixed = (list: string[]) => list.filter((t) => ORDER.includes(t) || /^F\d+$/.test(t));
        expect(fixed(sortKeyTokens(shuffled))).toEqual(fixed(sorted));
        expect([...sorted].sort()).toEqual([...tokens].sort());
        const mods = sorted.filter((t) => ORDER.includes(t));
        expect(mods).toEqual(ORDER.filter((t) => tokens.includes(t)));
        const firstOther = sorted.findIndex((t) => !ORDER.includes(t) && !/^F\d+$/.test(t));
        const lastF = sorted.findLastIndex((t) => /^F\d+$/.test(t));
        if (firstOther >= 0 && lastF >= 0) expect(lastF).toBeLessThan(firstOther);
      }),
    );
  });

  it("formats bindings however they were written", () => {
    expect(formatBinding("$mod+Shift+A", false)).toEqual(["Shift", "Ctrl", "A"]);
    expect(formatBinding("Alt+$mod+Shift+A", true)).toEqual(["⇧", "⌘", "⌥", "A"]);
    expect(formatBinding("F5+Shift", false)).toEqual(["Shift", "F5"]);
    expect(formatBindingText("$mod+,", false)).toBe("Ctrl+,");
    expect(formatBindingText("$mod+K", true)).toBe("⌘K");
    expect(formatBinding("ArrowDown", false)).toEqual(["↓"]);
  });
});
