import { useNavigate } from "@tanstack/react-router";
import { type RefObject, useCallback } from "react";
import { timelineLink } from "../../../contract/routes.ts";
import { useCommandContext } from "../../commands/hooks.ts";
import type { SubscriptionItem, TimelineQuery, TimelineRow } from "../../queries/index.ts";
import { useShortcut } from "../../shortcuts/index.ts";
import { useAreaScope } from "../shell/use-area-scope.ts";
import { selectionContext } from "./selection-context.ts";

/**
 * The timeline's keys: next / previous entry (J, K, arrows; N and Shift+N from the entry),
 * refetch (R). The area is "timeline" for the shortcut scopes; the selection is published
 * for the palette's commands.
 */
export function useTimelineKeys(options: {
  area: RefObject<HTMLElement | null>;
  rows: readonly TimelineRow[] | undefined;
  /** In a window further down (timeline-window.ts), the entry at the top of the screen. */
  topEntry: RefObject<string | undefined>;
  activeEntryId: string | undefined;
  timelineId: string;
  feedParam: string;
  query: TimelineQuery;
  subscriptions: readonly SubscriptionItem[];
  refetch(): void;
}) {
  const navigate = useNavigate();
  const { rows, topEntry, activeEntryId, timelineId, feedParam } = options;
  useAreaScope(options.area, "timeline");

  const step = useCallback(
    (delta: number) => {
      const ids = rows?.map((row) => row.id) ?? [];
      if (ids.length === 0) return false;
      const at = activeEntryId ? ids.indexOf(activeEntryId) : -1;
      // In a window further down, the list's own ends are far off screen: start from what is on it.
      const top = topEntry.current ? ids.indexOf(topEntry.current) : -1;
      const next = at >= 0 ? at + delta : top >= 0 ? top : delta > 0 ? 0 : ids.length - 1;
      const id = ids[next];
      if (id) {
        void navigate(timelineLink({ timelineId, feed: feedParam, entryId: id }));
      }
      return true;
    },
    [rows, topEntry, activeEntryId, timelineId, feedParam, navigate],
  );

  useShortcut("timeline.next", () => step(1));
  useShortcut("timeline.previous", () => step(-1));
  useShortcut("entry.next", () => step(1), { enabled: activeEntryId !== undefined });
  useShortcut("entry.previous", () => step(-1), { enabled: activeEntryId !== undefined });
  useShortcut("timeline.refetch", () => options.refetch());
  useCommandContext(selectionContext(options.query, options.subscriptions));
}
