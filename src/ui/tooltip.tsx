import { type ReactNode, useId } from "react";

/**
 * A small tooltip on hover and focus (max width 300 px). The trigger is a button so
 * keyboard users reach it; the text describes it for screen readers.
 */
export function Tooltip({
  label,
  content,
  children,
  testId,
}: {
  label: string;
  content: string;
  children: ReactNode;
  testId?: string;
}) {
  const id = useId();
  return (
    <span className="group/tip relative inline-flex">
      <button
        type="button"
        aria-label={label}
        aria-describedby={id}
        className="inline-flex rounded outline-none focus-visible:ring-2 focus-visible:ring-accent"
        data-testid={testId}
      >
        {children}
      </button>
      <span
        role="tooltip"
        id={id}
        className="pointer-events-none invisible absolute top-full right-0 z-50 mt-1 w-max max-w-[300px] rounded-md bg-zinc-900 px-2 py-1 text-xs text-white shadow-lg group-hover/tip:visible group-focus-within/tip:visible dark:bg-zinc-700"
      >
        {content}
      </span>
    </span>
  );
}
