import { useRouterState } from "@tanstack/react-router";
import {
  type FeedSelection,
  parseFeedIdParam,
  viewFromTimelineId,
} from "../../../contract/routes.ts";

export interface TimelineLocation {
  timelineId: string;
  feedId: string;
  feed: FeedSelection;
  view: number;
  entryId: string | undefined;
}

function decode(segment: string | undefined): string | undefined {
  if (segment === undefined || segment === "") return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The timeline parameters of a path, for components above the timeline route (the shell). */
function parseTimelinePath(pathname: string): TimelineLocation | null {
  const [, area, timelineId, feedId, entryId] = pathname.split("/");
  const id = decode(timelineId);
  const feed = decode(feedId);
  if (area !== "timeline" || id === undefined || feed === undefined) return null;
  return {
    timelineId: id,
    feedId: feed,
    feed: parseFeedIdParam(feed),
    view: viewFromTimelineId(id),
    entryId: decode(entryId),
  };
}

let lastView = 0;

/** Where the timeline is, or null on other pages; `view` falls back to the last one shown. */
export function useTimelineLocation(): { location: TimelineLocation | null; view: number } {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const location = parseTimelinePath(pathname);
  if (location) lastView = location.view;
  return { location, view: location?.view ?? lastView };
}
