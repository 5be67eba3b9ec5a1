import { createInstance } from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { SUPPORTED_LANGUAGES } from "../../contract/constants.ts";
import { ERROR_CODES, ERROR_MESSAGES } from "../../contract/errors.ts";
import en from "../../locales/en/errors.json";
import ja from "../../locales/ja/errors.json";
import zhCN from "../../locales/zh-CN/errors.json";
import zhTW from "../../locales/zh-TW/errors.json";
import { ACTIVATION_TITLE_FALLBACK, ACTIVATION_TITLE_KEY } from "./reactions.ts";

const catalogues: Record<string, Record<string, string>> = {
  en,
  ja,
  "zh-CN": zhCN,
  "zh-TW": zhTW,
};

// The client's own problem messages beside the server codes of the error catalogue.
const CLIENT_KEYS = [
  "activation.title",
  "activation.description",
  "clipboard.copyFailed",
  "clipboard.readFailed",
  "languagePack.failed",
  "integration.saveFailed",
  "withdraw.failed",
  "totp.invalid",
];

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe("locales/*/errors.json", () => {
  it("exist for every supported language with identical key sets", () => {
    expect(Object.keys(catalogues).sort()).toEqual([...SUPPORTED_LANGUAGES].sort());
    const keys = Object.keys(en).sort();
    for (const catalogue of Object.values(catalogues))
      expect(Object.keys(catalogue).sort()).toEqual(keys);
  });

  it.each(Object.keys(catalogues))(
    "%s translates every catalogue code and client message",
    (lang) => {
      const catalogue = catalogues[lang]!;
      for (const key of [...ERROR_CODES.map(String), ...CLIENT_KEYS]) {
        expect(catalogue[key], `${lang} ${key}`).toEqual(expect.stringMatching(/\S/));
        expect(placeholders(catalogue[key]!), `${lang} ${key}`).toEqual(
          placeholders(en[key as keyof typeof en]),
        );
      }
    },
  );

  it("en is the catalogue's own wording", () => {
    for (const code of ERROR_CODES)
      expect(en[String(code) as keyof typeof en]).toBe(ERROR_MESSAGES[code]);
    expect(en["activation.title"]).toBe(ACTIVATION_TITLE_FALLBACK);
    expect(en["clipboard.copyFailed"]).toBe(
      "Unable to copy to clipboard. Please ensure clipboard permissions are granted.",
    );
    expect(en["integration.saveFailed"]).toBe("Failed to save to {{service}}");
    expect(en["totp.invalid"]).toBe("Invalid TOTP code.");
  });

  it("translations differ from English (nothing left untranslated by mistake)", () => {
    for (const lang of ["ja", "zh-CN", "zh-TW"]) {
      for (const code of ERROR_CODES) {
        expect(catalogues[lang]![code], `${lang} ${code}`).not.toBe(ERROR_MESSAGES[code]);
      }
    }
  });
});

describe("looked up through i18next as errors:{key}", () => {
  const i18n = createInstance();
  beforeAll(() =>
    i18n.init({
      lng: "zh-TW",
      fallbackLng: { "zh-TW": ["zh-CN", "en"], default: ["en"] },
      ns: ["errors"],
      resources: Object.fromEntries(
        Object.entries(catalogues).map(([lang, errors]) => [lang, { errors }]),
      ),
      interpolation: { escapeValue: false },
    }),
  );
  const t = (lng: string, key: string, options: Record<string, unknown> = {}) =>
    i18n.t(key, { lng, ...options });

  it("finds codes and dotted flat keys", () => {
    expect(t("ja", "errors:2001")).toBe("フィードが見つかりません");
    expect(t("zh-CN", ACTIVATION_TITLE_KEY)).toBe("激活账户以继续");
    expect(t("zh-TW", "errors:integration.saveFailed", { service: "Notion" })).toBe(
      "儲存到 Notion 失敗",
    );
    expect(t("en", "errors:integration.saveFailed", { service: "Eagle" })).toBe(
      "Failed to save to Eagle",
    );
  });

  it("falls back to the server's message for an unknown code", () => {
    expect(t("ja", "errors:99999", { defaultValue: "Brand new failure" })).toBe(
      "Brand new failure",
    );
  });
});
