import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { INTEGRATION_SERVICES } from "../../contract/integrations.ts";
import { SUPPORTED_LANGUAGES } from "./languages.ts";

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
const read = (language: string, namespace: string) =>
  flatten(JSON.parse(readFileSync(join(LOCALES, language, `${namespace}.json`), "utf8")) as Tree);

describe.each(["desktop", "integrations"])("locales/*/%s.json", (namespace) => {
  const english = read("en", namespace);

  it.each(SUPPORTED_LANGUAGES.filter((l) => l !== "en"))(
    "%s has every key, translated, with the same placeholders",
    (language) => {
      const translated = read(language, namespace);
      expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, value] of translated) {
        expect(value.trim(), key).not.toBe("");
        expect(placeholders(value), key).toEqual(placeholders(english.get(key)!));
      }
    },
  );
});

it("labels a save action and the failure message for every service", () => {
  const english = read("en", "integrations");
  for (const service of INTEGRATION_SERVICES) expect(english.has(`saveTo.${service}`)).toBe(true);
  expect(english.get("failed")).toBe("Failed to save to {{service}}");
});
