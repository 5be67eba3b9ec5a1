import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SUPPORTED_LANGUAGES } from "./languages.ts";
import { baseI18nOptions } from "./options.ts";

type Tree = { [key: string]: string | Tree };
const LOCALES = join(import.meta.dirname, "../../locales");

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
const read = (language: string) =>
  flatten(JSON.parse(readFileSync(join(LOCALES, language, "onboarding.json"), "utf8")) as Tree);

describe("locales/*/onboarding.json", () => {
  const english = read("en");

  it("is a registered namespace", () => {
    expect(baseI18nOptions.ns).toContain("onboarding");
  });

  it.each(SUPPORTED_LANGUAGES.filter((l) => l !== "en"))(
    "%s has every key, translated, with the same placeholders",
    (language) => {
      const translated = read(language);
      expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, value] of translated) {
        expect(value.trim(), key).not.toBe("");
        expect(value, key).not.toBe(english.get(key));
        expect(placeholders(value), key).toEqual(placeholders(english.get(key)!));
      }
    },
  );
});
