import type { GeneralSettings } from "./general.ts";

/** The mark-as-read behaviours (on scroll, on open, on hover, by hand). */
export type MarkReadMode = "radical" | "balanced" | "conservative";
export const MARK_READ_MODES: readonly MarkReadMode[] = ["radical", "balanced", "conservative"];

type MarkReadFlags = Pick<
  GeneralSettings,
  "renderMarkUnread" | "hoverMarkUnread" | "scrollMarkUnread"
>;

/**
 * radical: read when displayed; balanced: when hovered or scrolled past; conservative: only on
 * click. The defaults (render off, hover and scroll on) are balanced.
 */
export function markReadFlags(mode: MarkReadMode): MarkReadFlags {
  switch (mode) {
    case "radical":
      return { renderMarkUnread: true, hoverMarkUnread: false, scrollMarkUnread: false };
    case "balanced":
      return { renderMarkUnread: false, hoverMarkUnread: true, scrollMarkUnread: true };
    case "conservative":
      return { renderMarkUnread: false, hoverMarkUnread: false, scrollMarkUnread: false };
  }
}

/** The mode the flags amount to; any mix with render on reads as radical. */
export function markReadMode(flags: MarkReadFlags): MarkReadMode {
  if (flags.renderMarkUnread) return "radical";
  if (flags.hoverMarkUnread || flags.scrollMarkUnread) return "balanced";
  return "conservative";
}
