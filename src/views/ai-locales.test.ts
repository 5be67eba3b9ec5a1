import { describe, expect, it } from "vitest";
import en from "../../locales/en/ai.json";
import ja from "../../locales/ja/ai.json";
import zhCN from "../../locales/zh-CN/ai.json";
import zhTW from "../../locales/zh-TW/ai.json";

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

describe("locales/*/ai.json", () => {
  const english = flatten(en);
  it.each([
    ["ja", ja],
    ["zh-CN", zhCN],
    ["zh-TW", zhTW],
  ])("%s has every key, translated, with the same placeholders", (language, tree) => {
    const translated = flatten(tree as Tree);
    expect([...translated.keys()].sort(), language).toEqual([...english.keys()].sort());
    for (const [key, value] of translated) {
      expect(value.trim(), `${language} ${key}`).not.toBe("");
      expect(placeholders(value), `${language} ${key}`).toEqual(placeholders(english.get(key)!));
      expect(value, `${language} ${key}`).not.toBe(english.get(key));
    }
  });
});
