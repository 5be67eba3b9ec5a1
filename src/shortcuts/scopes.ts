import { SHORTCUT_SCOPES, type ShortcutScope } from "../../contract/shortcuts.ts";

export { SHORTCUT_SCOPES, type ShortcutScope };

/** Layers that take the whole keyboard while open: nothing underneath reacts. */
const EXCLUSIVE_LAYERS: readonly ShortcutScope[] = ["modal", "menu", "dropdown-menu", "recording"];
/** Areas of the screen; when none has focus, this is their order of precedence. */
const AREA_ORDER: readonly ShortcutScope[] = [
  "video-player",
  "timeline",
  "entry-render",
  "subscription-list",
];

export interface ScopeState {
  /** Open layers, bottom first (modal, menu, dropdown-menu, recording, sub-layer). */
  layers: readonly ShortcutScope[];
  /** Screen areas present now (timeline, entry-render, subscription-list, video-player). */
  mounted: readonly ShortcutScope[];
  /** The area the user is working in; its shortcuts win a conflict. */
  focused?: ShortcutScope;
}

export function isLayerScope(scope: ShortcutScope): boolean {
  return EXCLUSIVE_LAYERS.includes(scope) || scope === "sub-layer";
}

/**
 * The scopes whose shortcuts are live, highest precedence first. An exclusive layer on top
 * (a modal, a menu, recording a shortcut) is alone. A sub-layer (a page over the reader) keeps
 * the global shortcuts but hides the reader's areas. Otherwise: the focused area, the other
 * mounted areas, then home (global).
 */
export function resolveScopes(state: ScopeState): ShortcutScope[] {
  const top = state.layers.at(-1);
  if (top && EXCLUSIVE_LAYERS.includes(top)) return [top];
  if (top === "sub-layer") return ["sub-layer", "home"];
  const areas = AREA_ORDER.filter((scope) => state.mounted.includes(scope));
  const focused = state.focused && areas.includes(state.focused) ? [state.focused] : [];
  return [...focused, ...areas.filter((scope) => scope !== state.focused), "home"];
}
