import { codeThemeVariables } from "./code-themes.ts";
import { ACCENT_COLORS, type ColorMode, type UISettings } from "./ui.ts";

export type ResolvedColorMode = "light" | "dark";

export function resolveColorMode(mode: ColorMode, systemPrefersDark: boolean): ResolvedColorMode {
  if (mode === "system") return systemPrefersDark ? "dark" : "light";
  return mode;
}

/** The next mode of the theme toggle: light ↔ dark, starting from what is shown now. */
export function nextColorMode(shown: ResolvedColorMode): ColorMode {
  return shown === "dark" ? "light" : "dark";
}

/**
 * CSS variables the theme sets on <html>: the accent (with its strong and soft shades for the
 * resolved mode) and the entry renderer's font size and line height.
 */
export function themeVariables(
  settings: Pick<UISettings, "accentColor" | "contentFontSize" | "contentLineHeight">,
  mode: ResolvedColorMode,
): Record<string, string> {
  const accent = ACCENT_COLORS[settings.accentColor] ?? ACCENT_COLORS.orange;
  return {
    "--color-accent": accent,
    "--color-accent-strong": `color-mix(in srgb, ${accent} 88%, black)`,
    "--color-accent-soft":
      mode === "dark"
        ? `color-mix(in srgb, ${accent} 22%, #09090b)`
        : `color-mix(in srgb, ${accent} 9%, white)`,
    "--content-font-size": `${settings.contentFontSize}px`,
    "--content-line-height": String(settings.contentLineHeight),
  };
}

/** Stops animations and transitions when the user asked for less motion. */
const REDUCE_MOTION_CSS =
  "html[data-reduce-motion] *, html[data-reduce-motion] *::before, html[data-reduce-motion] *::after" +
  " { animation-duration: 0.01ms !important; animation-iteration-count: 1 !important;" +
  " transition-duration: 0.01ms !important; scroll-behavior: auto !important; }";

export function userStyleSheet(settings: Pick<UISettings, "customCSS">): string {
  return settings.customCSS ? `${REDUCE_MOTION_CSS}\n${settings.customCSS}` : REDUCE_MOTION_CSS;
}

const USER_STYLE_ID = "follow-user-style";

/** Writes the theme onto the document: class and color-scheme, variables, text size, styles. */
export function applyTheme(doc: Document, settings: UISettings, systemPrefersDark: boolean): void {
  const root = doc.documentElement;
  const mode = resolveColorMode(settings.colorMode, systemPrefersDark);
  root.classList.toggle("dark", mode === "dark");
  root.classList.toggle("light", mode === "light");
  root.dataset.colorMode = settings.colorMode;
  root.style.colorScheme = mode;
  for (const [name, value] of Object.entries(themeVariables(settings, mode))) {
    root.style.setProperty(name, value);
  }
  for (const [name, value] of Object.entries(codeThemeVariables(settings, mode))) {
    root.style.setProperty(name, value);
  }
  // Tailwind sizes are in rem: the root font size scales the whole UI.
  root.style.fontSize = `${settings.uiTextSize}px`;
  if (settings.reduceMotion) root.dataset.reduceMotion = "";
  else delete root.dataset.reduceMotion;

  let style = doc.getElementById(USER_STYLE_ID);
  if (!style) {
    style = doc.createElement("style");
    style.id = USER_STYLE_ID;
    doc.head.append(style);
  }
  const css = userStyleSheet(settings);
  if (style.textContent !== css) style.textContent = css;
}
