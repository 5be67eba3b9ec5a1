import { HIGHLIGHT_COLORS, type HighlightColor } from "../../../contract/entities/highlight.ts";

export { HIGHLIGHT_COLORS, type HighlightColor };

/** The colour a new highlight takes (the keyboard shortcut uses it). */
export const DEFAULT_HIGHLIGHT_COLOR: HighlightColor = "yellow";

/** Swatch classes for the colour pickers (the marks' own shades are in highlights.css). */
export const SWATCH: Record<HighlightColor, string> = {
  yellow: "bg-yellow-300",
  green: "bg-green-300",
  blue: "bg-sky-300",
  pink: "bg-pink-300",
  purple: "bg-violet-300",
};
