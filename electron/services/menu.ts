import { SHORTCUT_ACTIONS, type ShortcutAction } from "../../contract/shortcuts.ts";
import type { MenuItemSpec, Platform } from "../shell.ts";

/** The menu's own words (locales/<lang>/desktop.json `menu`) and the shortcut actions' labels. */
export interface MenuLabels {
  menu: Record<"app" | "file" | "edit" | "view" | "go" | "window" | "help", string>;
  /** `controls:shortcuts.actions.<group>.<name>` of the shortcut list. */
  action: (id: string) => string;
}

/** Which shortcut actions each menu offers, in order (ids of contract/shortcuts.ts). */
export const MENU_ACTIONS = {
  file: ["global.quickAdd", "global.discover", "global.settings"],
  view: [
    "global.commandPalette",
    "layout.toggleSubscriptionColumn",
    "layout.toggleWideMode",
    "layout.toggleZenMode",
    "theme.toggleColorMode",
  ],
  go: [
    "timeline.next",
    "timeline.previous",
    "timeline.refetch",
    "entry.openInBrowser",
    "subscription.next",
    "subscription.previous",
  ],
  help: ["global.showShortcuts"],
} as const;

/** "$mod+Shift+L" -> "CmdOrCtrl+Shift+L": the key notation of the shortcut list in Electron's. */
export function toAccelerator(key: string): string {
  const names: Record<string, string> = {
    $mod: "CmdOrCtrl",
    ArrowDown: "Down",
    ArrowUp: "Up",
    ArrowLeft: "Left",
    ArrowRight: "Right",
  };
  return key
    .split("+")
    .map((part) => names[part] ?? part)
    .join("+");
}

/**
 * The native application menu, built from the app's shortcut list so the two never disagree.
 * A click sends the action's id to the renderer, which runs it like the key would. Accelerators
 * are only shown (the renderer already handles the keys, and would otherwise lose them to the
 * menu), except for web-only keys such as Ctrl/Cmd+N, which the menu owns on the desktop.
 */
export function buildMenuTemplate(
  platform: Platform,
  labels: MenuLabels,
  send: (actionId: string) => void,
): MenuItemSpec[] {
  const item = (id: string): MenuItemSpec => {
    const action = SHORTCUT_ACTIONS.find((a) => a.id === id) as ShortcutAction | undefined;
    const key = action?.keys[0];
    return {
      id,
      label: labels.action(id),
      ...(key
        ? { accelerator: toAccelerator(key), registerAccelerator: action?.webOnly === true }
        : {}),
      click: () => send(id),
    };
  };
  const separator: MenuItemSpec = { type: "separator" };
  const mac = platform === "darwin";
  return [
    ...(mac
      ? [
          {
            label: labels.menu.app,
            submenu: [
              { role: "about" },
              separator,
              { role: "hide" },
              { role: "hideOthers" },
              { role: "unhide" },
              separator,
              { role: "quit" },
            ],
          },
        ]
      : []),
    {
      label: labels.menu.file,
      submenu: [...MENU_ACTIONS.file.map(item), separator, { role: mac ? "close" : "quit" }],
    },
    {
      label: labels.menu.edit,
      submenu: [
        { role: "undo" },
        { role: "redo" },
        separator,
        { role: "cut" },
        { role: "copy" },
        { role: "paste" },
        { role: "selectAll" },
      ],
    },
    {
      label: labels.menu.view,
      submenu: [
        ...MENU_ACTIONS.view.map(item),
        separator,
        { role: "reload" },
        { role: "resetZoom" },
        { role: "zoomIn" },
        { role: "zoomOut" },
        separator,
        { role: "togglefullscreen" },
      ],
    },
    { label: labels.menu.go, submenu: MENU_ACTIONS.go.map(item) },
    { label: labels.menu.window, role: "windowMenu" },
    { label: labels.menu.help, role: "help", submenu: MENU_ACTIONS.help.map(item) },
  ];
}
