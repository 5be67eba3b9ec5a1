import { parseReport } from "./report-content.ts";

interface ReportLike {
  slotAt: string;
  content: string;
  entries: readonly unknown[];
}

/**
 * The report to pin atop the timeline: the latest one, when it says something (an empty
 * report means nothing new arrived) and its slot is later than the last one the user opened
 * or dismissed (`seenAt`, a slot time; "" never). Times compare as instants, not as text.
 */
export function unseenReport<R extends ReportLike>(
  reports: readonly R[],
  seenAt: string,
): R | undefined {
  let latest: R | undefined;
  for (const report of reports) {
    if (!latest || instant(report.slotAt) > instant(latest.slotAt)) latest = report;
  }
  if (!latest || latest.content.trim() === "") return undefined;
  const seen = seenAt ? instant(seenAt) : Number.NEGATIVE_INFINITY;
  // An unreadable mark counts as never seen: better shown once more than hidden for good.
  return instant(latest.slotAt) > (Number.isNaN(seen) ? Number.NEGATIVE_INFINITY : seen)
    ? latest
    : undefined;
}

/** The seen mark after seeing `report`: it never moves back (an older report opened later). */
export function seenAfter(report: { slotAt: string }, seenAt: string): string {
  const seen = seenAt ? instant(seenAt) : Number.NaN;
  return Number.isNaN(seen) || instant(report.slotAt) > seen ? report.slotAt : seenAt;
}

/**
 * The report's first `count` lines as plain text (headings and items unmarked, citations out),
 * with their line numbers in the content.
 */
export function reportPreview(
  report: ReportLike,
  count = 2,
): Array<{ line: number; text: string }> {
  return parseReport(report.content, report.entries.length)
    .slice(0, count)
    .map((block) => ({
      line: block.line,
      text: block.pieces
        .map((piece) => ("text" in piece ? piece.text : ""))
        .join("")
        .replace(/\s+/g, " ")
        .trim(),
    }))
    .filter((line) => line.text !== "");
}

function instant(iso: string): number {
  return Date.parse(iso);
}
