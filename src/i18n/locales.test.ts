import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import enApp from "../../locales/en/app.json";
import enErrors from "../../locales/en/errors.json";
import jaApp from "../../locales/ja/app.json";
import zhCNApp from "../../locales/zh-CN/app.json";
import zhTWApp from "../../locales/zh-TW/app.json";
import zhTWErrors from "../../locales/zh-TW/errors.json";
import { SUPPORTED_LANGUAGES } from "./languages.ts";
import { baseI18nOptions } from "./options.ts";

type Tree = { [key: string]: string | Tree };

const apps: Record<string, Tree> = { en: enApp, ja: jaApp, "zh-CN": zhCNApp, "zh-TW": zhTWApp };

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

// Names that read the same in every language: the product name and each language's own name.
const SAME_EVERYWHERE = /^(app\.name|language\.names\..+)$/;

describe("locales/*/app.json", () => {
  const english = flatten(enApp);

  it("exists for every supported language with identical key sets", () => {
    expect(Object.keys(apps).sort()).toEqual([...SUPPORTED_LANGUAGES].sort());
    for (const [language, tree] of Object.entries(apps)) {
      expect([...flatten(tree).keys()].sort(), language).toEqual([...english.keys()].sort());
    }
  });

  it.each(["ja", "zh-CN", "zh-TW"])(
    "%s is a real translation with the same placeholders",
    (language) => {
      for (const [key, value] of flatten(apps[language]!)) {
        const source = english.get(key)!;
        expect(value.trim(), `${language} ${key}`).not.toBe("");
        expect(placeholders(value), `${language} ${key}`).toEqual(placeholders(source));
        if (!SAME_EVERYWHERE.test(key)) expect(value, `${language} ${key}`).not.toBe(source);
      }
    },
  );

  it("keeps the exact wording the spec prescribes in English", () => {
    expect(english.get("notFound.message")).toBe(
      "You have come to a desert of knowledge where there is nothing.",
    );
    expect(english.get("notFound.backHome")).toBe("Back to Home");
    expect(english.get("errorPage.resetDatabase")).toBe("Reset Local Database");
    expect(english.get("errorPage.reload")).toBe("Reload");
    expect(english.get("errorPage.submitIssue")).toBe("Submit Issue");
    expect(english.get("app.tagline")).toBe("Follow everything in one place");
  });
});

describe("both namespaces through i18next", () => {
  it("finds nested app keys and the flat dotted keys of errors.json", async () => {
    const i18n = createInstance();
    await i18n.init({
      ...baseI18nOptions,
      lng: "zh-TW",
      resources: {
        en: { app: enApp, errors: enErrors },
        "zh-TW": { app: zhTWApp, errors: zhTWErrors },
      },
    });
    expect(i18n.t("notFound.backHome")).toBe("返回首頁");
    expect(i18n.t("errors:languagePack.failed")).toBe(zhTWErrors["languagePack.failed"]);
    expect(i18n.t("errors:1003")).toBe(zhTWErrors["1003"]);
    expect(i18n.exists("errors:99999")).toBe(false);
  });
});
