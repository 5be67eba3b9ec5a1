import { type ReactNode, useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { CloseIcon } from "./icons.tsx";
import { useOverlayScope } from "./overlay-scope.ts";

/**
 * A modal dialog on the native <dialog>: the browser traps focus, Escape closes it, and the
 * page behind is inert. `onClose` runs however it closes. Focus starts on [data-autofocus].
 */
export function Dialog(props: {
  open: boolean;
  onClose(): void;
  title: string;
  description?: string;
  children: ReactNode;
  testId?: string;
  wide?: boolean;
}) {
  const { t } = useTranslation("reader");
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const { open, onClose } = props;
  // While open, only dialog shortcuts are live (typing in it never reaches the reader's keys).
  useOverlayScope("modal", open);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // showModal focuses the first focusable element (the close button): start where the
      // dialog wants the user to type instead.
      dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  // A click on the backdrop (the dialog element itself, outside its box) closes it.
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onBackdrop = (event: MouseEvent) => {
      if (event.target === dialog) onClose();
    };
    dialog.addEventListener("click", onBackdrop);
    return () => dialog.removeEventListener("click", onBackdrop);
  }, [onClose]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={props.description ? descriptionId : undefined}
      data-testid={props.testId}
      onClose={onClose}
      className={`m-auto w-[calc(100%-2rem)] ${props.wide ? "max-w-lg" : "max-w-md"} rounded-2xl border border-zinc-200 bg-white p-0 text-zinc-900 shadow-2xl backdrop:bg-black/40 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100`}
    >
      {open ? (
        <div className="p-5">
          <div className="mb-4 flex items-start gap-3">
            <div className="min-w-0 flex-1">
              <h2 id={titleId} className="text-base font-semibold">
                {props.title}
              </h2>
              {props.description ? (
                <p id={descriptionId} className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
                  {props.description}
                </p>
              ) : null}
            </div>
            <button
              type="button"
              onClick={onClose}
              aria-label={t("dialog.close")}
              className="flex size-8 shrink-0 items-center justify-center rounded-lg text-muted hover:bg-zinc-100 dark:hover:bg-zinc-800"
            >
              <CloseIcon size={16} />
            </button>
          </div>
          {props.children}
        </div>
      ) : null}
    </dialog>
  );
}

/** The action row at the bottom of a dialog. */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="mt-5 flex justify-end gap-2">{children}</div>;
}
