/**
 * Hides a column without display:none: out of the flow and invisible (so out of the
 * accessibility tree and the tab order), but laid out, so a virtualized list keeps its
 * measurements and scroll position for when it shows again.
 */
export const KEEP_HIDDEN = "invisible absolute inset-y-0 left-0 pointer-events-none";
