import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import en from "../../../locales/en/reader.json";
import ja from "../../../locales/ja/reader.json";
import zhCN from "../../../locales/zh-CN/reader.json";
import zhTW from "../../../locales/zh-TW/reader.json";
import { updateCadence } from "./update-cadence.ts";

async function say(language: string, resources: object, perWeek: number): Promise<string> {
  const i18n = createInstance();
  await i18n.init({ lng: language, resources: { [language]: { reader: resources } } });
  const cadence = updateCadence(perWeek);
  return i18n.t(cadence.key, { ns: "reader", ...("count" in cadence ? cadence : {}) });
}

describe("update cadence of a feed", () => {
  it("counts a week, then a month, then says rarely; never zero a week", () => {
    expect(updateCadence(3.4)).toEqual({ key: "quickAdd.perWeek", count: 3 });
    expect(updateCadence(0.6)).toEqual({ key: "quickAdd.perWeek", count: 1 });
    expect(updateCadence(0.4)).toEqual({ key: "quickAdd.perMonth", count: 2 });
    expect(updateCadence(0.23)).toEqual({ key: "quickAdd.perMonth", count: 1 });
    expect(updateCadence(0.05)).toEqual({ key: "quickAdd.rarely" });
    expect(updateCadence(0)).toEqual({ key: "quickAdd.rarely" });
    expect(updateCadence(Number.NaN)).toEqual({ key: "quickAdd.rarely" });
  });

  it("reads in all four languages", async () => {
    expect(await say("en", en, 0.23)).toBe("about 1 entry a month");
    expect(await say("en", en, 0.4)).toBe("about 2 entries a month");
    expect(await say("en", en, 0)).toBe("rarely updated");
    for (const [language, resources] of [
      ["ja", ja],
      ["zh-CN", zhCN],
      ["zh-TW", zhTW],
    ] as const) {
      const monthly = await say(language, resources, 0.4);
      expect(monthly, language).toContain("2");
      expect(monthly, language).not.toContain("quickAdd");
      expect(await say(language, resources, 0), language).not.toContain("quickAdd");
    }
    expect(await say("ja", ja, 0)).toBe("更新はまれ");
  });
});
