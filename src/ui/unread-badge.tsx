import { compactNumber } from "./format.ts";

/** An unread count at the end of a row; nothing for zero. */
export function UnreadBadge({ count, testId }: { count: number; testId?: string }) {
  if (count <= 0) return null;
  return (
    <span
      className="ml-auto shrink-0 pl-2 text-xs tabular-nums text-zinc-600 group-hover:invisible group-focus-within:invisible dark:text-zinc-400"
      data-testid={testId}
      data-count={count}
    >
      {compactNumber(count)}
    </span>
  );
}
