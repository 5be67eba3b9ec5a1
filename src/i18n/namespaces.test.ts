import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SUPPORTED_LANGUAGES } from "./languages.ts";
import { LOCALES_DIR, readLocale } from "./locale-tree.ts";
import { baseI18nOptions } from "./options.ts";

const TRANSLATIONS = SUPPORTED_LANGUAGES.filter((language) => language !== "en");

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
/** i18next plural forms differ by language (Japanese and Chinese have no `_one`). */
const withoutPluralForm = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, "");
const keySet = (strings: Map<string, string>) =>
  [...new Set([...strings.keys()].map(withoutPluralForm))].sort();
/** May read as in English: the product's name, a language's own name, symbols and numbers. */
const sameEverywhere = (key: string, value: string) =>
  value === "Follow" || /^language\.names\./.test(key) || !/[a-z]{3}/i.test(value);

/** Every namespace the app loads, in every language: complete, translated, same placeholders. */
describe.each([...baseI18nOptions.ns])("locales/*/%s.json", (namespace) => {
  it("exists for every supported language", () => {
    for (const language of SUPPORTED_LANGUAGES) {
      expect(existsSync(join(LOCALES_DIR, language, `${namespace}.json`)), language).toBe(true);
    }
  });

  it.each(TRANSLATIONS)("%s has every key, translated, with the same placeholders", (language) => {
    const english = readLocale("en", namespace);
    const translated = readLocale(language, namespace);
    expect(keySet(translated)).toEqual(keySet(english));
    const englishByBase = new Map(
      [...english].map(([key, value]) => [withoutPluralForm(key), value]),
    );
    for (const [key, value] of translated) {
      const source = english.get(key) ?? englishByBase.get(withoutPluralForm(key))!;
      expect(value.trim(), `${language} ${key}`).not.toBe("");
      expect(placeholders(value), `${language} ${key}`).toEqual(placeholders(source));
      if (!sameEverywhere(key, source)) expect(value, `${language} ${key}`).not.toBe(source);
    }
  });
});
