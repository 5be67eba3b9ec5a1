import { useEffect } from "react";

/**
 * Dialogs and menus say while they are open, so keyboard handling can stand back (a modal
 * hides the reader's shortcuts). The kit only announces; src/shortcuts listens through
 * `onOverlayScope`, so the kit depends on nothing of the app.
 */
export type OverlayKind = "modal" | "menu";
/** `isActive` lets the listener ask whether the overlay is still open between renders. */
type Enter = (kind: OverlayKind, isActive?: () => boolean) => () => void;

interface Open {
  kind: OverlayKind;
  isActive: (() => boolean) | undefined;
  leave?: () => void;
}
const open = new Set<Open>();
let listener: Enter | undefined;

/** Announces an overlay now; the answer ends it (calling it twice is harmless). */
export function enterOverlay(kind: OverlayKind, isActive?: () => boolean): () => void {
  const entry: Open = { kind, isActive, leave: listener?.(kind, isActive) };
  open.add(entry);
  return () => {
    if (!open.delete(entry)) return;
    entry.leave?.();
  };
}

export function useOverlayScope(kind: OverlayKind, active: boolean): void {
  useEffect(() => (active ? enterOverlay(kind) : undefined), [kind, active]);
}

/** The listener hears overlays already open too (it may load after the first dialog opened). */
export function onOverlayScope(enter: Enter): void {
  listener = enter;
  for (const entry of open) entry.leave = enter(entry.kind, entry.isActive);
}
