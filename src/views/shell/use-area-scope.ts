import { type RefObject, useEffect } from "react";
import { type ShortcutScope, setFocusedScope, useShortcutScope } from "../../shortcuts/index.ts";

/**
 * Marks a screen area (timeline, entry, subscription column) for the shortcuts while mounted,
 * and makes it the focused area when the user clicks or tabs into it.
 */
export function useAreaScope(
  ref: RefObject<HTMLElement | null>,
  scope: ShortcutScope,
  active = true,
) {
  useShortcutScope(scope, active);
  useEffect(() => {
    const element = ref.current;
    if (!element || !active) return;
    const focus = () => setFocusedScope(scope);
    element.addEventListener("pointerdown", focus, true);
    element.addEventListener("focusin", focus);
    return () => {
      element.removeEventListener("pointerdown", focus, true);
      element.removeEventListener("focusin", focus);
    };
  }, [ref, scope, active]);
}
