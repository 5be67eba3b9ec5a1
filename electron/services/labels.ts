import enControls from "../../locales/en/controls.json";
import enDesktop from "../../locales/en/desktop.json";
import jaControls from "../../locales/ja/controls.json";
import jaDesktop from "../../locales/ja/desktop.json";
import zhCNControls from "../../locales/zh-CN/controls.json";
import zhCNDesktop from "../../locales/zh-CN/desktop.json";
import zhTWControls from "../../locales/zh-TW/controls.json";
import zhTWDesktop from "../../locales/zh-TW/desktop.json";
import type { MenuLabels } from "./menu.ts";

type Tree = { [key: string]: string | Tree };

const LOCALES: Record<string, { desktop: typeof enDesktop; controls: Tree }> = {
  en: { desktop: enDesktop, controls: enControls },
  ja: { desktop: jaDesktop, controls: jaControls },
  "zh-CN": { desktop: zhCNDesktop, controls: zhCNControls },
  "zh-TW": { desktop: zhTWDesktop, controls: zhTWControls },
};

/** The app's language for an OS locale ("zh-Hant-TW", "ja-JP", "en-GB"); English otherwise. */
export function desktopLanguage(locale: string): keyof typeof LOCALES {
  const lower = locale.toLowerCase();
  if (lower.startsWith("ja")) return "ja";
  if (lower.startsWith("zh")) {
    return /hant|tw|hk|mo/.test(lower) ? "zh-TW" : "zh-CN";
  }
  return "en";
}

function lookup(tree: Tree, path: string[]): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of path) node = typeof node === "object" ? node[part] : undefined;
  return typeof node === "string" ? node : undefined;
}

/** The menu's labels in the OS language, from the same locale files as the renderer. */
export function menuLabels(locale: string): MenuLabels {
  const chosen = LOCALES[desktopLanguage(locale)]!;
  const english = LOCALES.en!;
  return {
    menu: chosen.desktop.menu,
    action: (id) => {
      const path = ["shortcuts", "actions", ...id.split(".")];
      return lookup(chosen.controls, path) ?? lookup(english.controls, path) ?? id;
    },
  };
}
