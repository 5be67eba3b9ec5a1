import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createInstance, type Resource, type TFunction } from "i18next";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { commandInfoList } from "../commands/catalog.ts";
import { answerPrompts } from "../commands/prompts.ts";
import { SUPPORTED_LANGUAGES } from "../i18n/languages.ts";
import { baseI18nOptions } from "../i18n/options.ts";
import { ALL_SHORTCUT_ACTIONS } from "../shortcuts/registry.ts";
import { buildPaletteItems } from "./items.ts";

const localesDir = join(import.meta.dirname, "../../locales");

/** Every namespace of every language, read from disk: a missing key must not hide behind English. */
function loadResources(): Resource {
  const resources: Resource = {};
  for (const language of SUPPORTED_LANGUAGES) {
    const dir = join(localesDir, language);
    resources[language] = Object.fromEntries(
      readdirSync(dir)
        .filter((file) => file.endsWith(".json"))
        .map((file) => [
          file.replace(/\.json$/, ""),
          JSON.parse(readFileSync(join(dir, file), "utf8")),
        ]),
    );
  }
  return resources;
}

let i18n: ReturnType<typeof createInstance>;
const missing: string[] = [];
beforeAll(async () => {
  i18n = createInstance();
  await i18n.init({
    ...baseI18nOptions,
    fallbackLng: false,
    resources: loadResources(),
    saveMissing: true,
    missingKeyHandler: (languages, namespace, key) => {
      missing.push(`${languages.join(",")}:${namespace}:${key}`);
    },
  });
});

const context = {
  entryId: "1234567890123",
  entryRead: false,
  entryStarred: false,
  entryFeedId: "1234567890124",
  feedId: "1234567890124",
};

/** The palette with everything on: every shortcut handled, every prompt answered. */
function everyItem(language: string, web: boolean) {
  const t = i18n.getFixedT(language) as TFunction;
  const en = i18n.getFixedT("en") as TFunction;
  const stop = answerPrompts({ matches: () => true, open: vi.fn() });
  try {
    return buildPaletteItems({
      t: (key, options) => t(key, options ?? {}),
      en: (key, options) => en(key, options ?? {}),
      commands: commandInfoList,
      context,
      host: { dispatch: vi.fn() },
      handlers: { has: () => true, trigger: () => true },
      navigate: vi.fn(),
      setColorMode: vi.fn(),
      web,
      actions: ALL_SHORTCUT_ACTIONS,
    });
  } finally {
    stop();
  }
}

// A raw key looks like "palette.items.rsshub" or "controls:…": dotted words without spaces.
const RAW_KEY = /^[\w-]+(:[\w.-]+|(\.[\w-]+)+)$/;

describe("palette labels", () => {
  it.each(
    SUPPORTED_LANGUAGES.flatMap(
      (language) =>
        [
          [language, true],
          [language, false],
        ] as const,
    ),
  )("every item is translated in %s (web: %s)", (language, web) => {
    missing.length = 0;
    const items = everyItem(language, web);
    expect(items.length).toBeGreaterThan(20);
    for (const item of items) {
      expect(item.label, item.id).not.toMatch(RAW_KEY);
      expect(item.label.trim(), item.id).not.toBe("");
      expect(item.englishLabel, item.id).not.toMatch(RAW_KEY);
    }
    expect(missing).toEqual([]);
  });

  it.each(SUPPORTED_LANGUAGES)("no command appears twice in %s", (language) => {
    const items = everyItem(language, true);
    const ids = items.map((item) => item.id);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    const labels = items.map((item) => `${item.group}/${item.label}`);
    expect(labels.filter((label, index) => labels.indexOf(label) !== index)).toEqual([]);
  });
});
