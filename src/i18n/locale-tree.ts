import { readFileSync } from "node:fs";
import { join } from "node:path";

/** A locale file: nested keys down to strings (for the locale tests). */
export type LocaleTree = { [key: string]: string | LocaleTree };

export const LOCALES_DIR = join(import.meta.dirname, "../../locales");

/** Every string of a locale tree under its dotted key, as i18next looks it up. */
export function flattenLocale(tree: LocaleTree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of flattenLocale(value, path)) out.set(k, v);
  }
  return out;
}

/** locales/<language>/<namespace>.json, flattened. */
export function readLocale(language: string, namespace: string): Map<string, string> {
  const file = join(LOCALES_DIR, language, `${namespace}.json`);
  return flattenLocale(JSON.parse(readFileSync(file, "utf8")) as LocaleTree);
}
