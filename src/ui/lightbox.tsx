import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { CloseIcon } from "./icons.tsx";
import { lightboxStep } from "./lightbox-nav.ts";
import { enterOverlay } from "./overlay-scope.ts";

export interface LightboxPicture {
  url: string;
  /** What the picture shows, for screen readers (the entry's title when the feed says nothing). */
  alt: string;
  width?: number | undefined;
  height?: number | undefined;
}

function Chevron({ back }: { back?: boolean }) {
  return (
    <svg
      width={28}
      height={28}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={back ? "m15 18-6-6 6-6" : "m9 18 6-6-6-6"} />
    </svg>
  );
}

/**
 * Pictures full size over the app, one at a time: ← and → (and the buttons) move between them,
 * Escape or a click beside the picture closes. A native modal <dialog>: focus stays inside while
 * it is open (the page behind is inert) and goes back to what had it when it closes; the
 * reader's shortcuts stand back meanwhile.
 */
export function Lightbox(props: {
  pictures: LightboxPicture[];
  /** The picture to open at; null: closed. */
  start: number | null;
  onClose(): void;
  /** The dialog's name, e.g. the entry's title. */
  label: string;
}) {
  const { t } = useTranslation("reader");
  const { pictures, start } = props;
  const open = start !== null && pictures.length > 0;
  const [index, setIndex] = useState(0);
  const ref = useRef<HTMLDialogElement>(null);
  const onClose = useRef(props.onClose);
  onClose.current = props.onClose;

  useEffect(() => {
    if (start !== null) setIndex(Math.min(Math.max(0, start), Math.max(0, pictures.length - 1)));
  }, [start, pictures.length]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const leave = enterOverlay("modal", () => dialog.open);
    const closed = () => {
      leave();
      onClose.current();
    };
    dialog.addEventListener("close", closed);
    if (!dialog.open) dialog.showModal();
    dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    return () => {
      dialog.removeEventListener("close", closed);
      if (dialog.open) dialog.close();
      leave();
      // Back to the picture (or button) it was opened from, if it is still there.
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, [open]);

  const picture = open ? pictures[Math.min(index, pictures.length - 1)] : undefined;
  const count = pictures.length;
  const move = (next: number | undefined) => {
    if (next !== undefined) setIndex(next);
  };

  // Nothing in the page while closed: a timeline renders one per row.
  if (!open) return null;
  return (
    <dialog
      ref={ref}
      aria-label={props.label}
      data-testid="lightbox"
      className="m-0 h-dvh max-h-none w-dvw max-w-none overflow-hidden bg-black/90 p-0 text-white backdrop:bg-black/60"
      onKeyDown={(event) => {
        if (event.altKey || event.ctrlKey || event.metaKey) return;
        if (event.key === "Tab") {
          // The page behind is inert, but Tab would still leave for the browser's own UI.
          const stops = [...event.currentTarget.querySelectorAll<HTMLElement>("button")];
          const at = stops.indexOf(document.activeElement as HTMLElement);
          const step = event.shiftKey ? -1 : 1;
          event.preventDefault();
          stops[(at + step + stops.length) % stops.length]?.focus();
          return;
        }
        const next = lightboxStep(index, count, event.key);
        if (next === undefined) return;
        event.preventDefault();
        event.stopPropagation();
        move(next);
      }}
      onClick={(event) => {
        if (
          event.target === event.currentTarget ||
          event.target === event.currentTarget.firstChild
        ) {
          event.currentTarget.close();
        }
      }}
    >
      {picture ? (
        <div className="flex h-full w-full items-center justify-center p-12">
          <img
            key={picture.url}
            src={picture.url}
            alt={picture.alt}
            width={picture.width}
            height={picture.height}
            referrerPolicy="no-referrer"
            data-testid="lightbox-image"
            data-index={index}
            className="max-h-full max-w-full object-contain"
          />
          <p
            className="absolute top-4 left-4 rounded-full bg-black/50 px-3 py-1 text-sm tabular-nums"
            aria-live="polite"
            data-testid="lightbox-position"
          >
            {t("pictures.position", { index: index + 1, count })}
          </p>
          <button
            type="button"
            onClick={() => ref.current?.close()}
            aria-label={t("pictures.close")}
            data-autofocus
            data-testid="lightbox-close"
            className="absolute top-3 right-3 rounded-full bg-black/50 p-2 outline-none hover:bg-white/20 focus-visible:ring-2 focus-visible:ring-white"
          >
            <CloseIcon size={22} />
          </button>
          {count > 1 ? (
            <>
              <button
                type="button"
                onClick={() => move(lightboxStep(index, count, "ArrowLeft"))}
                // Not `disabled`: a focused button that disables itself would drop focus out of
                // the dialog, and the arrow keys with it.
                aria-disabled={index === 0}
                aria-label={t("pictures.previous")}
                data-testid="lightbox-previous"
                className="absolute top-1/2 left-3 -translate-y-1/2 rounded-full bg-black/50 p-2 outline-none hover:bg-white/20 focus-visible:ring-2 focus-visible:ring-white aria-disabled:opacity-30"
              >
                <Chevron back />
              </button>
              <button
                type="button"
                onClick={() => move(lightboxStep(index, count, "ArrowRight"))}
                aria-disabled={index === count - 1}
                aria-label={t("pictures.next")}
                data-testid="lightbox-next"
                className="absolute top-1/2 right-3 -translate-y-1/2 rounded-full bg-black/50 p-2 outline-none hover:bg-white/20 focus-visible:ring-2 focus-visible:ring-white aria-disabled:opacity-30"
              >
                <Chevron />
              </button>
            </>
          ) : null}
        </div>
      ) : null}
    </dialog>
  );
}

export { useLightbox } from "./lightbox-on-demand.tsx";
