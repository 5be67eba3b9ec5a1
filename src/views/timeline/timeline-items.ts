import type { TimelineRow } from "../../queries/index.ts";
import { dayKey } from "../../ui/format.ts";

/** One virtual row: a day's heading or an entry. */
export type TimelineItem =
  | { kind: "day"; key: string; day: string }
  | { kind: "entry"; key: string; id: string; position: number };

/**
 * The rows of a timeline, with a heading before each day when grouping by date. A window that
 * opens mid-day (`before`: when the row before it was published) has no heading at its top: a
 * day's heading stands where the day starts, whichever window shows it.
 */
export function timelineItems(
  rows: readonly TimelineRow[],
  groupByDate: boolean,
  before?: string,
): TimelineItem[] {
  const items: TimelineItem[] = [];
  let day = before ? dayKey(before) : "";
  rows.forEach((row, position) => {
    if (groupByDate) {
      const key = dayKey(row.publishedAt);
      if (key !== day) {
        day = key;
        items.push({ kind: "day", key: `day:${key}`, day: key });
      }
    }
    items.push({ kind: "entry", key: row.id, id: row.id, position });
  });
  return items;
}

/** Rows load in windows of this many around what is on screen. */
export const CARD_WINDOW = 100;

/** The entry ids of the window around [first, last], in whole windows (stable while scrolling). */
export function windowIds(items: readonly TimelineItem[], first: number, last: number): string[] {
  const start = Math.max(0, (Math.floor(first / CARD_WINDOW) - 1) * CARD_WINDOW);
  const end = Math.min(items.length, (Math.floor(last / CARD_WINDOW) + 2) * CARD_WINDOW);
  const ids: string[] = [];
  for (let i = start; i < end; i++) {
    const item = items[i];
    if (item?.kind === "entry") ids.push(item.id);
  }
  return ids;
}
