import { describe, expect, it } from "vitest";
import { commandInfoList } from "../commands/catalog.ts";
import { browserReserves } from "./browser-reserved.ts";
import { actionCandidates, dispatchShortcut } from "./engine.ts";
import { createHandlerRegistry } from "./handlers.ts";
import { shortcutListing } from "./listing.ts";
import { ALL_SHORTCUT_ACTIONS, actionKeys } from "./registry.ts";

const PLATFORMS = [
  ["macOS", true],
  ["Windows and Linux", false],
] as const;

/** Every key binding the web app listens for: actions (browser keys) and commands. */
function webBindings(): { id: string; key: string }[] {
  return [
    ...ALL_SHORTCUT_ACTIONS.flatMap((action) =>
      actionKeys(action, true).map((key) => ({ id: action.id, key })),
    ),
    ...commandInfoList.flatMap((command) =>
      command.shortcut ? [{ id: command.name, key: command.shortcut.keys }] : [],
    ),
  ];
}

const press = (key: string, mods: { ctrl?: boolean; meta?: boolean; alt?: boolean } = {}) => ({
  key,
  code: `Key${key.toUpperCase()}`,
  shiftKey: false,
  ctrlKey: mods.ctrl ?? false,
  metaKey: mods.meta ?? false,
  altKey: mods.alt ?? false,
});

describe("browser-reserved chords", () => {
  it("knows the chords a browser keeps", () => {
    for (const chord of ["$mod+N", "$mod+T", "$mod+W", "$mod+L", "Ctrl+Tab", "Shift+$mod+T"]) {
      expect(browserReserves(chord, false), chord).toBe(true);
    }
    expect(browserReserves("$mod+T", true)).toBe(true);
    expect(browserReserves("Meta+T", false)).toBe(false);
    for (const chord of ["Alt+N", "Alt+T", "$mod+K", "$mod+,", "Shift+$mod+L", "N", "Shift+N"]) {
      expect(browserReserves(chord, false), chord).toBe(false);
    }
  });

  it.each(PLATFORMS)("no web shortcut uses one on %s", (_name, isMac) => {
    const taken = webBindings().filter(({ key }) => browserReserves(key, isMac));
    expect(taken).toEqual([]);
  });

  it("keeps Ctrl/Cmd+N and Ctrl/Cmd+T in the desktop app", () => {
    const desktopKeys = (id: string) =>
      actionKeys(ALL_SHORTCUT_ACTIONS.find((action) => action.id === id)!, false);
    expect(desktopKeys("global.discover")).toEqual(["$mod+T"]);
    expect(desktopKeys("global.quickAdd")).toEqual(["$mod+N"]);
  });

  it("shows the browser chords in the web shortcut sheet and the desktop ones in the app", () => {
    const keysIn = (web: boolean, id: string) =>
      shortcutListing([], { web })
        .flatMap((group) => group.items)
        .find((item) => item.id === id)?.keys;
    expect(keysIn(true, "global.discover")).toEqual(["Alt+T"]);
    expect(keysIn(true, "global.quickAdd")).toEqual(["Alt+N"]);
    expect(keysIn(false, "global.discover")).toEqual(["$mod+T"]);
  });

  it("runs discover on Alt+T in a browser and on Ctrl+T in the desktop app", () => {
    const handlers = createHandlerRegistry();
    handlers.bind("global.discover", { handler: () => true, enabled: true });
    const run = (web: boolean, event: ReturnType<typeof press>) =>
      dispatchShortcut(actionCandidates(handlers, { web }), event, ["home"], false);
    expect(run(true, press("t", { alt: true }))).toBe("global.discover");
    expect(run(true, press("t", { ctrl: true }))).toBeUndefined();
    expect(run(false, press("t", { ctrl: true }))).toBe("global.discover");
    expect(run(false, press("t", { alt: true }))).toBeUndefined();
  });
});
