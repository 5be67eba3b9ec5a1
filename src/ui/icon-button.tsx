import type { ButtonHTMLAttributes, Ref } from "react";

/**
 * The one icon button of the kit (toolbars, dialog close, column footers): a 32 px square,
 * named for assistive technology by `label`. `surface` is the background it sits on, so the
 * hover stays visible on the grey side column too. Pressed toggles show the accent.
 */
export type IconButtonSurface = "page" | "column";

const BASE =
  "flex size-8 shrink-0 items-center justify-center rounded-lg text-zinc-600 outline-none transition-colors " +
  "hover:text-zinc-900 focus-visible:ring-2 focus-visible:ring-accent disabled:opacity-40 " +
  "aria-pressed:bg-accent-soft aria-pressed:text-accent " +
  "dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100";
const HOVER: Record<IconButtonSurface, string> = {
  page: "hover:bg-zinc-100",
  column: "hover:bg-zinc-200",
};

export function iconButtonClass(surface: IconButtonSurface = "page"): string {
  return `${BASE} ${HOVER[surface]}`;
}

export function IconButton({
  label,
  surface,
  className,
  ref,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  label: string;
  surface?: IconButtonSurface;
  ref?: Ref<HTMLButtonElement>;
}) {
  return (
    <button
      ref={ref}
      type="button"
      aria-label={label}
      {...props}
      className={`${iconButtonClass(surface)} ${className ?? ""}`}
    />
  );
}
