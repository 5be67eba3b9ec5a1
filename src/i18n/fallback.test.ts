import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { baseI18nOptions } from "./options.ts";

async function instanceFor(lng: string) {
  const i18n = createInstance();
  await i18n.init({
    ...baseI18nOptions,
    lng,
    resources: {
      en: { app: { onlyEn: "en", inCn: "en", inAll: "en" } },
      "zh-CN": { app: { inCn: "zh-CN", inAll: "zh-CN" } },
      "zh-TW": { app: { inAll: "zh-TW" } },
      ja: { app: { inAll: "ja" } },
    },
  });
  return i18n;
}

describe("i18next fallbacks (zh-TW to zh-CN, then English)", () => {
  it("falls back from zh-TW to zh-CN, then to en", async () => {
    const i18n = await instanceFor("zh-TW");
    expect(i18n.t("inAll")).toBe("zh-TW");
    expect(i18n.t("inCn")).toBe("zh-CN");
    expect(i18n.t("onlyEn")).toBe("en");
  });

  it("falls back from ja straight to en, not through Chinese", async () => {
    const i18n = await instanceFor("ja");
    expect(i18n.t("inAll")).toBe("ja");
    expect(i18n.t("inCn")).toBe("en");
  });

  it("shows English for an unsupported language", async () => {
    const i18n = await instanceFor("fr");
    expect(i18n.t("inAll")).toBe("en");
  });

  it("does not treat zh-TW as zh", async () => {
    const i18n = await instanceFor("zh-TW");
    expect(i18n.languages).toEqual(["zh-TW", "zh-CN", "en"]);
  });
});
