import { type ReactNode, useCallback, useEffect, useRef } from "react";
import { enterOverlay } from "./overlay-scope.ts";

/**
 * The one native modal <dialog> of the kit (Dialog, the command palette and the shortcuts list
 * sit in it): the browser traps focus and makes the page behind inert; focus starts on
 * [data-autofocus]; Escape closes it, a click on the backdrop too, and `onClose` runs however it
 * closes. While open it is a "modal" overlay: only modal-scope shortcuts are live.
 */
export function Modal(props: {
  open: boolean;
  onClose: () => void;
  /** Its accessible name: a text, or the id of the element that names it. */
  label?: string;
  labelledBy?: string;
  describedBy?: string | undefined;
  /** Size and margins: preflight zeroes a dialog's margins, so say where it sits ("m-auto"). */
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  const { open } = props;
  const ref = useRef<HTMLDialogElement>(null);
  const onClose = useRef(props.onClose);
  onClose.current = props.onClose;
  const leaveScope = useRef<(() => void) | undefined>(undefined);

  // The scope ends the moment the dialog closes: its close event (and the render after it) may
  // come after the next key press, so the engine also asks the dialog whether it is still open.
  const releaseScope = useCallback(() => {
    leaveScope.current?.();
    leaveScope.current = undefined;
  }, []);

  // A native listener: the dialog closes itself on Escape, and the app must hear of it.
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const closed = () => {
      // The close event is queued: a dialog opened again since (close, then reopen at once)
      // must not be closed by the stale one.
      if (dialog.open) return;
      releaseScope();
      onClose.current();
    };
    dialog.addEventListener("close", closed);
    return () => dialog.removeEventListener("close", closed);
  }, [releaseScope]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!open) {
      if (dialog.open) dialog.close();
      return;
    }
    leaveScope.current = enterOverlay("modal", () => dialog.open);
    if (!dialog.open) dialog.showModal();
    // showModal focuses the first focusable element; a field marked data-autofocus wins.
    dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    return releaseScope;
  }, [open, releaseScope]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click mirrors Escape, which the native dialog handles.
    <dialog
      ref={ref}
      aria-label={props.label}
      aria-labelledby={props.labelledBy}
      aria-describedby={props.describedBy}
      data-testid={props.testId}
      onClick={(event) => {
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
      className={`overflow-hidden rounded-2xl border border-zinc-200 bg-white p-0 text-zinc-900 shadow-2xl backdrop:bg-black/40 backdrop:backdrop-blur-[1px] dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100 ${props.className ?? ""}`}
    >
      {open ? props.children : null}
    </dialog>
  );
}
