import { describe, expect, it } from "vitest";
import enAi from "../../locales/en/ai.json";
import enDiscover from "../../locales/en/discover.json";
import enLists from "../../locales/en/lists.json";
import enReader from "../../locales/en/reader.json";
import jaAi from "../../locales/ja/ai.json";
import jaDiscover from "../../locales/ja/discover.json";
import jaLists from "../../locales/ja/lists.json";
import jaReader from "../../locales/ja/reader.json";
import zhCNAi from "../../locales/zh-CN/ai.json";
import zhCNDiscover from "../../locales/zh-CN/discover.json";
import zhCNLists from "../../locales/zh-CN/lists.json";
import zhCNReader from "../../locales/zh-CN/reader.json";
import zhTWAi from "../../locales/zh-TW/ai.json";
import zhTWDiscover from "../../locales/zh-TW/discover.json";
import zhTWLists from "../../locales/zh-TW/lists.json";
import zhTWReader from "../../locales/zh-TW/reader.json";

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

/** The screens' namespaces: English and its three translations. */
const NAMESPACES: Array<[string, Tree, Array<[string, Tree]>]> = [
  [
    "reader",
    enReader,
    [
      ["ja", jaReader],
      ["zh-CN", zhCNReader],
      ["zh-TW", zhTWReader],
    ],
  ],
  [
    "ai",
    enAi,
    [
      ["ja", jaAi],
      ["zh-CN", zhCNAi],
      ["zh-TW", zhTWAi],
    ],
  ],
  [
    "lists",
    enLists,
    [
      ["ja", jaLists],
      ["zh-CN", zhCNLists],
      ["zh-TW", zhTWLists],
    ],
  ],
  [
    "discover",
    enDiscover,
    [
      ["ja", jaDiscover],
      ["zh-CN", zhCNDiscover],
      ["zh-TW", zhTWDiscover],
    ],
  ],
];

describe.each(NAMESPACES)("locales/*/%s.json", (_namespace, en, translations) => {
  const english = flatten(en);
  it.each(translations)(
    "%s has every key, translated, with the same placeholders",
    (language, tree) => {
      const translated = flatten(tree);
      expect([...translated.keys()].sort(), language).toEqual([...english.keys()].sort());
      for (const [key, value] of translated) {
        const source = english.get(key) as string;
        expect(value.trim(), `${language} ${key}`).not.toBe("");
        expect(placeholders(value), `${language} ${key}`).toEqual(placeholders(source));
        expect(value, `${language} ${key}`).not.toBe(source);
      }
    },
  );
});
