import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import enApp from "../../locales/en/app.json";
import enErrors from "../../locales/en/errors.json";
import zhTWApp from "../../locales/zh-TW/app.json";
import zhTWErrors from "../../locales/zh-TW/errors.json";
import { flattenLocale } from "./locale-tree.ts";
import { baseI18nOptions } from "./options.ts";

describe("locales/*/app.json", () => {
  const english = flattenLocale(enApp);

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
