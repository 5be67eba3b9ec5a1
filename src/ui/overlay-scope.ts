import { useEffect } from "react";

/**
 * Dialogs and menus say while they are open, so keyboard handling can stand back (a modal
 * hides the reader's shortcuts). The kit only announces; src/shortcuts listens through
 * `onOverlayScope`, so the kit depends on nothing of the app.
 */
export type OverlayKind = "modal" | "menu";
type Enter = (kind: OverlayKind) => () => void;

const open = new Map<symbol, OverlayKind>();
const leaves = new Map<symbol, () => void>();
let listener: Enter | undefined;

export function useOverlayScope(kind: OverlayKind, active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const id = Symbol(kind);
    open.set(id, kind);
    if (listener) leaves.set(id, listener(kind));
    return () => {
      open.delete(id);
      leaves.get(id)?.();
      leaves.delete(id);
    };
  }, [kind, active]);
}

/** The listener hears overlays already open too (it may load after the first dialog opened). */
export function onOverlayScope(enter: Enter): void {
  listener = enter;
  for (const [id, kind] of open) leaves.set(id, enter(kind));
}
