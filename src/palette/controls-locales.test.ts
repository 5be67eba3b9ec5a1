import { describe, expect, it } from "vitest";
import en from "../../locales/en/controls.json";
import { flattenLocale } from "../i18n/locale-tree.ts";
import { SHORTCUT_ACTIONS, SHORTCUT_GROUPS } from "../shortcuts/registry.ts";
import { PALETTE_GROUPS } from "./items.ts";

const english = flattenLocale(en);

describe("locales/*/controls.json", () => {
  it("labels every shortcut action, shortcut group and palette group", () => {
    for (const action of SHORTCUT_ACTIONS)
      expect(english.has(`shortcuts.actions.${action.id}`), action.id).toBe(true);
    for (const group of SHORTCUT_GROUPS)
      expect(english.has(`shortcuts.groups.${group}`), group).toBe(true);
    for (const group of PALETTE_GROUPS)
      expect(english.has(`palette.groups.${group}`), group).toBe(true);
  });
});
