import { describe, expect, it } from "vitest";
import en from "../../../../locales/en/accounts.json";
import ja from "../../../../locales/ja/accounts.json";
import zhCN from "../../../../locales/zh-CN/accounts.json";
import zhTW from "../../../../locales/zh-TW/accounts.json";

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

/** The product's name reads the same in every language. */
const SAME_EVERYWHERE = new Set(["about.app"]);

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe("locales/*/accounts.json", () => {
  const english = flatten(en);
  it.each([
    ["ja", ja],
    ["zh-CN", zhCN],
    ["zh-TW", zhTW],
  ])("%s has every English key, translated, with the same placeholders", (_language, tree) => {
    const other = flatten(tree as Tree);
    expect([...other.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of english) {
      expect(placeholders(other.get(key)!), key).toEqual(placeholders(text));
      if (!SAME_EVERYWHERE.has(key)) expect(other.get(key), key).not.toBe(text);
    }
  });
});
