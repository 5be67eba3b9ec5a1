import type { ReactNode } from "react";
import { type SpotlightMatcher, spotlightRanges } from "./spotlight-match.ts";
import { useSpotlightMatcher } from "./use-spotlight.ts";
import "./spotlight.css";

/** Text as React elements, the spotlight keywords in marks (plain text when nothing matches). */
export function spotlightNodes(text: string, matcher: SpotlightMatcher | null): ReactNode {
  const ranges = spotlightRanges(text, matcher);
  if (ranges.length === 0) return text;
  const nodes: ReactNode[] = [];
  let at = 0;
  for (const range of ranges) {
    if (range.start > at) nodes.push(text.slice(at, range.start));
    nodes.push(
      <mark
        key={range.start}
        className={`spotlight-mark spotlight-${range.color}`}
        data-testid="spotlight-mark"
        data-color={range.color}
      >
        {text.slice(range.start, range.end)}
      </mark>,
    );
    at = range.end;
  }
  if (at < text.length) nodes.push(text.slice(at));
  return nodes;
}

/** A title (or any short text) with the spotlight keywords marked. */
export function SpotlightText(props: { text: string }) {
  return <>{spotlightNodes(props.text, useSpotlightMatcher())}</>;
}
