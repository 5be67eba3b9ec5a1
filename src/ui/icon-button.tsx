import type { ButtonHTMLAttributes, Ref } from "react";

/**
 * The one icon button of the kit (toolbars, dialog close, column footers): a 32 px square,
 * named by `label` for assistive technology and, as a native tooltip, for the pointer. `surface` is the background it sits on, so the
 * hover stays visible on the grey side column too.
 */
export type IconButtonSurface = "page" | "column";

const BASE =
  "flex size-8 shrink-0 items-center justify-center rounded-lg text-zinc-600 outline-none transition-colors " +
  "hover:text-zinc-900 focus-visible:ring-2 focus-visible:ring-accent disabled:opacity-40 " +
  "dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100";
const HOVER: Record<IconButtonSurface, string> = {
  page: "hover:bg-zinc-100",
  column: "hover:bg-zinc-200",
};

/** A toggle whose pressed state is the accent (the timeline's view switches). */
const SHOWS_PRESSED = "aria-pressed:bg-accent-soft aria-pressed:text-accent";

export function iconButtonClass(surface: IconButtonSurface = "page", showsPressed = false): string {
  return `${BASE} ${HOVER[surface]}${showsPressed ? ` ${SHOWS_PRESSED}` : ""}`;
}

export function IconButton({
  label,
  surface,
  showsPressed,
  className,
  ref,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  label: string;
  surface?: IconButtonSurface;
  showsPressed?: boolean;
  ref?: Ref<HTMLButtonElement>;
}) {
  return (
    <button
      ref={ref}
      type="button"
      aria-label={label}
      title={label}
      {...props}
      className={`${iconButtonClass(surface, showsPressed)} ${className ?? ""}`}
    />
  );
}
