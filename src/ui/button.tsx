import type { ButtonHTMLAttributes } from "react";
import { Spinner } from "./spinner.tsx";

/** Button sizes and variants: the app's only ones. */
export type ButtonVariant = "primary" | "outline" | "text" | "ghost";
export type ButtonSize = "sm" | "default" | "lg";

const BASE =
  "inline-flex items-center justify-center gap-2 rounded-lg font-medium transition-colors " +
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent " +
  "disabled:pointer-events-none disabled:opacity-50 select-none whitespace-nowrap";

const VARIANTS: Record<ButtonVariant, string> = {
  // The accent darkened to 75% keeps white text at 4.5:1 or better (WCAG AA) for any accent.
  primary:
    "bg-[color-mix(in_srgb,var(--color-accent)_75%,black)] text-white shadow-sm " +
    "hover:bg-[color-mix(in_srgb,var(--color-accent)_65%,black)]",
  outline:
    "border border-zinc-300 bg-white text-zinc-800 hover:bg-zinc-50 " +
    "dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800",
  text: "text-accent hover:underline underline-offset-4",
  ghost:
    "text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800 " +
    "hover:text-zinc-900 dark:hover:text-white",
};

const SIZES: Record<ButtonSize, string> = {
  sm: "h-8 px-3 text-sm",
  default: "h-9 px-4 text-sm",
  lg: "h-11 px-5 text-base",
};

export function buttonClass(variant: ButtonVariant = "primary", size: ButtonSize = "default") {
  return `${BASE} ${VARIANTS[variant]} ${SIZES[size]}`;
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  loading?: boolean;
};

export function Button({ variant, size, loading, className, children, ...props }: ButtonProps) {
  return (
    <button
      type="button"
      {...props}
      disabled={props.disabled || loading}
      aria-busy={loading || undefined}
      className={`${buttonClass(variant, size)} ${className ?? ""}`}
    >
      {loading ? <Spinner size={16} /> : null}
      {children}
    </button>
  );
}
