import { createInstance, type TFunction } from "i18next";
import { beforeAll, describe, expect, it, vi } from "vitest";
import enApp from "../../locales/en/app.json";
import enCommands from "../../locales/en/commands.json";
import enControls from "../../locales/en/controls.json";
import jaApp from "../../locales/ja/app.json";
import jaCommands from "../../locales/ja/commands.json";
import jaControls from "../../locales/ja/controls.json";
import zhCNApp from "../../locales/zh-CN/app.json";
import zhCNCommands from "../../locales/zh-CN/commands.json";
import zhCNControls from "../../locales/zh-CN/controls.json";
import zhTWApp from "../../locales/zh-TW/app.json";
import zhTWCommands from "../../locales/zh-TW/commands.json";
import zhTWControls from "../../locales/zh-TW/controls.json";
import { commandInfoList as commandList } from "../commands/catalog.ts";
import { answerPrompts } from "../commands/prompts.ts";
import { baseI18nOptions } from "../i18n/options.ts";
import { buildPaletteItems, type PaletteSources } from "./items.ts";
import { matchScore, normalizeSearchText, searchItems } from "./search.ts";

const resources = {
  en: { app: enApp, commands: enCommands, controls: enControls },
  ja: { app: jaApp, commands: jaCommands, controls: jaControls },
  "zh-CN": { app: zhCNApp, commands: zhCNCommands, controls: zhCNControls },
  "zh-TW": { app: zhTWApp, commands: zhTWCommands, controls: zhTWControls },
};

let i18n: ReturnType<typeof createInstance>;
beforeAll(async () => {
  i18n = createInstance();
  await i18n.init({ ...baseI18nOptions, ns: ["app", "commands", "controls"], resources });
});

function itemsIn(language: string, overrides: Partial<PaletteSources> = {}) {
  const t = i18n.getFixedT(language) as TFunction;
  const en = i18n.getFixedT("en") as TFunction;
  return buildPaletteItems({
    t: (key, options) => t(key, options ?? {}),
    en: (key, options) => en(key, options ?? {}),
    commands: commandList,
    context: {
      entryId: "1234567890123",
      entryRead: false,
      entryStarred: false,
      entryFeedId: "1234567890124",
      feedId: "1234567890124",
    },
    host: { dispatch: vi.fn() },
    handlers: { has: () => false, trigger: () => false },
    navigate: vi.fn(),
    setColorMode: vi.fn(),
    web: true,
    ...overrides,
  });
}

const ids = (items: { id: string }[]) => items.map((item) => item.id);

describe("palette search", () => {
  it("folds case, width, accents and katakana", () => {
    expect(normalizeSearchText("  ＳＴＡＲ  Café ")).toBe("star cafe");
    expect(normalizeSearchText("スター")).toBe(normalizeSearchText("すたー"));
  });

  it("needs every word, in any field", () => {
    const item = {
      id: "entries.markRead",
      label: "既読にする",
      englishLabel: "Mark as read",
      keywords: ["seen"],
    };
    expect(matchScore(item, "mark read")).toBeGreaterThan(0);
    expect(matchScore(item, "既読")).toBeGreaterThan(0);
    expect(matchScore(item, "seen")).toBeGreaterThan(0);
    expect(matchScore(item, "mark star")).toBeUndefined();
  });

  it("ranks a label prefix above a match inside a word", () => {
    const items = [
      { id: "a", label: "Restart", englishLabel: "Restart", keywords: [] },
      { id: "b", label: "Star", englishLabel: "Star", keywords: [] },
    ];
    expect(ids(searchItems(items, "star"))).toEqual(["b", "a"]);
    expect(ids(searchItems(items, " "))).toEqual(["a", "b"]);
  });

  it.each([
    ["en", "mark as read", "entries.markRead"],
    ["ja", "既読", "entries.markRead"],
    ["ja", "スター", "collections.star"],
    ["zh-CN", "设置", "navigate.settings"],
    ["zh-TW", "設定", "navigate.settings"],
    ["zh-TW", "發現", "navigate.discover"],
    ["ja", "見つける", "navigate.discover"],
    ["ja", "オーディオ", "navigate.view.4"],
  ])("finds in %s: %s", (language, query, expected) => {
    expect(ids(searchItems(itemsIn(language), query))[0]).toBe(expected);
  });

  it.each(["ja", "zh-CN", "zh-TW"])(
    "finds by the English label and keywords in %s too",
    (language) => {
      const items = itemsIn(language);
      expect(ids(searchItems(items, "settings"))).toContain("navigate.settings");
      expect(ids(searchItems(items, "star"))[0]).toBe("collections.star");
      expect(ids(searchItems(items, "favorite"))).toContain("collections.star");
      expect(ids(searchItems(items, "dark theme"))[0]).toBe("theme.dark");
    },
  );
});

describe("palette items", () => {
  it("lists every command of the registry that applies, grouped by domain", () => {
    const items = itemsIn("en");
    for (const command of commandList) {
      const item = items.find((i) => i.id === command.name);
      if (
        command.when &&
        !command.when({
          entryId: "1234567890123",
          entryRead: false,
          entryStarred: false,
          entryFeedId: "1234567890124",
          feedId: "1234567890124",
        })
      ) {
        expect(item, command.name).toBeUndefined();
      } else {
        expect(item?.group, command.name).toBe(command.name.split(".")[0]);
      }
    }
    expect(items.find((i) => i.id === "collections.star")?.shortcut).toBe("S");
  });

  it("enables a command that needs input only while its dialog is on screen, none without a host", () => {
    const withHost = itemsIn("en");
    expect(withHost.find((i) => i.id === "collections.star")?.disabled).toBe(false);
    // Subscribing and editing ask first: nothing on screen answers yet.
    expect(withHost.find((i) => i.id === "subscriptions.subscribe")?.disabled).toBe(true);
    expect(withHost.find((i) => i.id === "subscriptions.edit")?.disabled).toBe(true);
    // Batch edit is for a selection of several feeds.
    expect(withHost.find((i) => i.id === "subscriptions.batchEdit")).toBeUndefined();
    const open = vi.fn();
    const stop = answerPrompts({
      matches: (request) => request.kind === "quickAdd" || request.kind === "editSubscription",
      open,
    });
    try {
      const withDialogs = itemsIn("en");
      expect(withDialogs.find((i) => i.id === "subscriptions.subscribe")?.disabled).toBe(false);
      withDialogs.find((i) => i.id === "subscriptions.edit")!.run();
      expect(open).toHaveBeenCalledWith({ kind: "editSubscription", feedId: "1234567890124" });
      const several = itemsIn("en", { context: { feedIds: ["1234567890124", "1234567890125"] } });
      expect(several.find((i) => i.id === "subscriptions.batchEdit")?.disabled).toBe(true);
    } finally {
      stop();
    }
    const noHost = itemsIn("en", { host: undefined });
    expect(
      noHost.filter((i) => commandList.some((c) => c.name === i.id)).every((i) => i.disabled),
    ).toBe(true);
  });

  it("runs a command with the payload from the context", () => {
    const dispatch = vi.fn();
    const items = itemsIn("en", { host: { dispatch } });
    items.find((i) => i.id === "collections.star")!.run();
    expect(dispatch).toHaveBeenCalledWith("collections.star", {
      entryId: "1234567890123",
      feedId: "1234567890124",
    });
  });

  it("offers shortcut actions only while something handles them", () => {
    expect(ids(itemsIn("en"))).not.toContain("layout.toggleWideMode");
    const trigger = vi.fn(() => true);
    const items = itemsIn("en", {
      handlers: { has: (id) => id === "layout.toggleWideMode", trigger },
    });
    const wide = items.find((i) => i.id === "layout.toggleWideMode")!;
    expect(wide.group).toBe("layout");
    wide.run();
    expect(trigger).toHaveBeenCalledWith("layout.toggleWideMode");
  });

  it("navigates", () => {
    const navigate = vi.fn();
    itemsIn("en", { navigate })
      .find((i) => i.id === "navigate.view.2")!
      .run();
    expect(navigate).toHaveBeenCalledWith("/timeline/view-2/all/pending");
  });
});
