import type { Highlighted } from "../../../contract/search/highlight.ts";

type ReadonlyHighlighted = {
  readonly text: string;
  readonly ranges: ReadonlyArray<readonly [number, number]>;
};

/** Text with its matched ranges in <mark>: built from ranges, never from server HTML. */
export function HighlightedText({ value }: { value: Readonly<Highlighted> | ReadonlyHighlighted }) {
  const parts: Array<{ text: string; hit: boolean; at: number }> = [];
  let at = 0;
  for (const [start, end] of value.ranges) {
    if (start < at || end > value.text.length || end <= start) continue;
    if (start > at) parts.push({ text: value.text.slice(at, start), hit: false, at });
    parts.push({ text: value.text.slice(start, end), hit: true, at: start });
    at = end;
  }
  if (at < value.text.length) parts.push({ text: value.text.slice(at), hit: false, at });
  return (
    <>
      {parts.map((part) =>
        part.hit ? (
          <mark
            key={part.at}
            className="rounded-sm bg-amber-200/80 px-px text-inherit dark:bg-amber-500/40"
          >
            {part.text}
          </mark>
        ) : (
          <span key={part.at}>{part.text}</span>
        ),
      )}
    </>
  );
}
