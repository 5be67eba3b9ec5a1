import { describe, expect, it } from "vitest";
import en from "../../locales/en/controls.json";
import ja from "../../locales/ja/controls.json";
import zhCN from "../../locales/zh-CN/controls.json";
import zhTW from "../../locales/zh-TW/controls.json";
import { SHORTCUT_ACTIONS, SHORTCUT_GROUPS } from "../shortcuts/registry.ts";
import { PALETTE_GROUPS } from "./items.ts";

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
const english = flatten(en);

describe("locales/*/controls.json", () => {
  it.each([
    ["ja", ja],
    ["zh-CN", zhCN],
    ["zh-TW", zhTW],
  ])("%s has every English key, translated, with the same placeholders", (language, tree) => {
    const translated = flatten(tree as Tree);
    expect([...translated.keys()].sort(), language).toEqual([...english.keys()].sort());
    for (const [key, value] of translated) {
      expect(value.trim(), key).not.toBe("");
      expect(placeholders(value), key).toEqual(placeholders(english.get(key)!));
      // "{{size}} px" style strings may share symbols, never whole English sentences.
      if (/[a-z]{3}/i.test(english.get(key)!) && key !== "settings.appearance.customCSS.label") {
        expect(value, `${language} ${key}`).not.toBe(english.get(key));
      }
    }
  });

  it("labels every shortcut action, shortcut group and palette group", () => {
    for (const action of SHORTCUT_ACTIONS)
      expect(english.has(`shortcuts.actions.${action.id}`), action.id).toBe(true);
    for (const group of SHORTCUT_GROUPS)
      expect(english.has(`shortcuts.groups.${group}`), group).toBe(true);
    for (const group of PALETTE_GROUPS)
      expect(english.has(`palette.groups.${group}`), group).toBe(true);
  });
});
