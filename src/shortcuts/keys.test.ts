import { describe, expect, it } from "vitest";
import { type KeyEventLike, matchesBinding, matchKeys, parseBinding } from "./keys.ts";

function press(key: string, init: Partial<KeyEventLike> = {}): KeyEventLike {
  return { key, shiftKey: false, ctrlKey: false, metaKey: false, altKey: false, ...init };
}

describe("key bindings", () => {
  it("reads $mod as Meta on macOS and Control elsewhere", () => {
    expect(parseBinding("$mod+K", true)).toMatchObject({ meta: true, control: false, key: "K" });
    expect(parseBinding("$mod+K", false)).toMatchObject({ meta: false, control: true, key: "K" });
    expect(parseBinding("Shift+$mod+a", false)).toMatchObject({
      shift: true,
      control: true,
      key: "A",
    });
    expect(parseBinding("$mod++", false).key).toBe("+");
    expect(parseBinding("Space", false).key).toBe("Space");
  });

  it("matches Control+comma elsewhere and Meta+comma on macOS", () => {
    const ctrlComma = press(",", { ctrlKey: true, code: "Comma" });
    expect(matchKeys(["$mod+,"], ctrlComma, false)).toBe(0);
    expect(matchKeys(["$mod+,"], ctrlComma, true)).toBe(-1);
    expect(matchKeys(["$mod+,"], press(",", { metaKey: true, code: "Comma" }), true)).toBe(0);
  });

  it("needs exactly the modifiers of the binding", () => {
    const k = parseBinding("K", false);
    expect(matchesBinding(k, press("k"))).toBe(true);
    expect(matchesBinding(k, press("K", { shiftKey: true }))).toBe(false);
    expect(matchesBinding(k, press("k", { ctrlKey: true }))).toBe(false);
    expect(matchesBinding(parseBinding("$mod+T", false), press("t", { ctrlKey: true }))).toBe(true);
  });

  it("matches letters by position when the layout or Alt changes the character", () => {
    expect(
      matchesBinding(parseBinding("Alt+S", true), press("ß", { altKey: true, code: "KeyS" })),
    ).toBe(true);
    expect(matchesBinding(parseBinding("J", false), press("о", { code: "KeyJ" }))).toBe(true);
  });

  it("treats ? and Shift+/ as the same key", () => {
    const question = press("?", { shiftKey: true, code: "Slash" });
    expect(matchKeys(["?"], question, false)).toBe(0);
    expect(matchKeys(["Shift+/"], question, false)).toBe(0);
    expect(matchKeys(["?"], press("/", { code: "Slash" }), false)).toBe(-1);
  });

  it("tells Space from Shift+Space and finds which digit was pressed", () => {
    expect(matchKeys(["Space"], press(" ", { code: "Space" }), false)).toBe(0);
    expect(matchKeys(["Space"], press(" ", { code: "Space", shiftKey: true }), false)).toBe(-1);
    expect(matchKeys(["Shift+Space"], press(" ", { code: "Space", shiftKey: true }), false)).toBe(
      0,
    );
    expect(matchKeys(["1", "2", "3"], press("3", { code: "Digit3" }), false)).toBe(2);
    expect(matchKeys(["Alt+1"], press("¡", { altKey: true, code: "Digit1" }), true)).toBe(0);
  });

  it("matches named keys", () => {
    expect(matchKeys(["J", "ArrowDown"], press("ArrowDown"), false)).toBe(1);
    expect(matchKeys(["Up"], press("ArrowUp"), false)).toBe(0);
  });
});
