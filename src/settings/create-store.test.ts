import { describe, expect, it, vi } from "vitest";
import { createSettingsStore } from "./create-store.ts";
import { GENERAL_CHOICES, GENERAL_DEFAULTS, type GeneralSettings } from "./general.ts";
import { memoryStorage } from "./storage.ts";
import { UI_CHOICES, UI_DEFAULTS, type UISettings } from "./ui.ts";

function generalStore(storage = memoryStorage(), now = () => 1000) {
  const onChange = vi.fn();
  const store = createSettingsStore<GeneralSettings>({
    tab: "general",
    storageKey: "general",
    defaults: GENERAL_DEFAULTS,
    choices: GENERAL_CHOICES,
    storage,
    now,
    onChange,
  });
  return { store, onChange, storage };
}

describe("settings stores", () => {
  it("start from the general defaults", () => {
    const { store } = generalStore();
    expect(store.get()).toMatchObject({
      translation: false,
      translationMode: "bilingual",
      summary: true,
      actionLanguage: "default",
      startupScreen: "timeline",
      unreadOnly: true,
      scrollMarkUnread: true,
      hoverMarkUnread: true,
      renderMarkUnread: false,
      groupByDate: true,
      dimRead: false,
      jumpOutLinkWarn: true,
      enhancedSettings: false,
      openLinksInExternalApp: false,
    });
    expect(store.getUpdated()).toBe(0);
  });

  it("have the UI defaults", () => {
    expect(UI_DEFAULTS).toMatchObject({
      accentColor: "orange",
      entryColWidth: 356,
      feedColWidth: 256,
      thumbnailRatio: "square",
      uiTextSize: 16,
      contentFontSize: 16,
      contentLineHeight: 1.75,
      colorMode: "system",
    });
  });

  it("persist a change with an updated stamp and report only what changed", () => {
    const { store, onChange, storage } = generalStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.update({ dimRead: true, unreadOnly: true });
    expect(store.get().dimRead).toBe(true);
    expect(store.getUpdated()).toBe(1000);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith("general", { dimRead: true }, 1000);

    const again = generalStore(storage, () => 2000).store;
    expect(again.get().dimRead).toBe(true);
    expect(again.getUpdated()).toBe(1000);
  });

  it("ignore an update that changes nothing", () => {
    const { store, onChange } = generalStore();
    store.update({ unreadOnly: true });
    expect(onChange).not.toHaveBeenCalled();
    expect(store.getUpdated()).toBe(0);
  });

  it("drop stored values of the wrong type or outside the choices", () => {
    const storage = memoryStorage({
      ui: JSON.stringify({
        values: { colorMode: "purple", uiTextSize: "big", wideMode: true, unknown: 1 },
        updated: 5,
      }),
    });
    const store = createSettingsStore<UISettings>({
      tab: "appearance",
      storageKey: "ui",
      defaults: UI_DEFAULTS,
      choices: UI_CHOICES,
      storage,
    });
    expect(store.get().colorMode).toBe("system");
    expect(store.get().uiTextSize).toBe(16);
    expect(store.get().wideMode).toBe(true);
    expect(store.get()).not.toHaveProperty("unknown");
  });

  it("hydrate without a new stamp or a sync item", () => {
    const { store, onChange } = generalStore();
    store.hydrate({ dimRead: true }, 42);
    expect(store.get().dimRead).toBe(true);
    expect(store.getUpdated()).toBe(42);
    expect(onChange).not.toHaveBeenCalled();
  });

  it("reload what storage holds, telling listeners only of a change", () => {
    const { store, storage } = generalStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.reload();
    expect(listener).not.toHaveBeenCalled();
    storage.setItem("general", JSON.stringify({ values: { dimRead: true }, updated: 7 }));
    store.reload();
    expect(listener).toHaveBeenCalledOnce();
    expect(store.get().dimRead).toBe(true);
    expect(store.getUpdated()).toBe(7);
  });

  it("survive broken storage contents", () => {
    const { store } = generalStore(memoryStorage({ general: "{not json" }));
    expect(store.get()).toEqual(GENERAL_DEFAULTS);
  });
});
