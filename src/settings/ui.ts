import { DISCOVER_LANGUAGES, type DiscoverLanguage } from "../../contract/discover-language.ts";
import { CODE_THEMES_DARK, CODE_THEMES_LIGHT } from "./code-themes.ts";
import type { Choices } from "./sanitize.ts";
import { DEFAULT_TOOLBAR_ORDER, type ToolbarOrder } from "./toolbar-order.ts";

export type ColorMode = "system" | "light" | "dark";
export type ThumbnailRatio = "original" | "square";
export type AccentColor = "orange" | "red" | "pink" | "purple" | "blue" | "green";

/** UI (appearance) settings: theme, fonts, layout, toolbar. */
export interface UISettings {
  colorMode: ColorMode;
  accentColor: AccentColor;
  entryColWidth: number;
  feedColWidth: number;
  thumbnailRatio: ThumbnailRatio;
  uiTextSize: number;
  contentFontSize: number;
  contentLineHeight: number;
  wideMode: boolean;
  zenMode: boolean;
  reduceMotion: boolean;
  customCSS: string;
  /** "all", or the language Discover's results are written in (unknown ones ranked after). */
  discoverLanguage: DiscoverLanguage;
  codeHighlightThemeLight: string;
  codeHighlightThemeDark: string;
  /** Entry toolbar actions on the bar and in its "more" menu (read through normalizeToolbarOrder). */
  toolbarOrder: ToolbarOrder;
}

export const UI_DEFAULTS: UISettings = {
  colorMode: "system",
  accentColor: "orange",
  entryColWidth: 356,
  feedColWidth: 256,
  thumbnailRatio: "square",
  uiTextSize: 16,
  contentFontSize: 16,
  contentLineHeight: 1.75,
  wideMode: false,
  zenMode: false,
  reduceMotion: false,
  customCSS: "",
  discoverLanguage: "all",
  codeHighlightThemeLight: "github-light",
  codeHighlightThemeDark: "github-dark",
  toolbarOrder: DEFAULT_TOOLBAR_ORDER,
};

export const COLOR_MODES: readonly ColorMode[] = ["system", "light", "dark"];
export const THUMBNAIL_RATIOS: readonly ThumbnailRatio[] = ["square", "original"];

/** Accent colours by name; orange is the product's own. */
export const ACCENT_COLORS: Readonly<Record<AccentColor, string>> = {
  orange: "#ff5c00",
  red: "#e5484d",
  pink: "#d6409f",
  purple: "#8e4ec6",
  blue: "#0090ff",
  green: "#30a46c",
};

/** Named content line heights; "normal" is the 1.75 default. */
export const LINE_HEIGHTS = {
  tight: 1.25,
  snug: 1.5,
  normal: 1.75,
  relaxed: 2,
  loose: 2.25,
} as const;
export type LineHeightName = keyof typeof LINE_HEIGHTS;

export const UI_TEXT_SIZES: readonly number[] = [14, 15, 16, 17, 18];
export const CONTENT_FONT_SIZES: readonly number[] = [14, 15, 16, 17, 18, 20, 22];

/** Column width bounds for the resizable columns. */
export const COLUMN_WIDTH_BOUNDS = {
  feedColWidth: { min: 200, max: 400 },
  entryColWidth: { min: 300, max: 600 },
} as const;

export const UI_CHOICES: Choices<UISettings> = {
  colorMode: COLOR_MODES,
  accentColor: Object.keys(ACCENT_COLORS) as AccentColor[],
  thumbnailRatio: THUMBNAIL_RATIOS,
  contentLineHeight: Object.values(LINE_HEIGHTS),
  codeHighlightThemeLight: Object.keys(CODE_THEMES_LIGHT),
  codeHighlightThemeDark: Object.keys(CODE_THEMES_DARK),
  discoverLanguage: DISCOVER_LANGUAGES,
};

/** The named option for a line height, or the nearest one. */
export function lineHeightName(value: number): LineHeightName {
  let best: LineHeightName = "normal";
  for (const [name, height] of Object.entries(LINE_HEIGHTS) as [LineHeightName, number][]) {
    if (Math.abs(height - value) < Math.abs(LINE_HEIGHTS[best] - value)) best = name;
  }
  return best;
}
