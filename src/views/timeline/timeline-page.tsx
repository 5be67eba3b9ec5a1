import { Outlet, useParams } from "@tanstack/react-router";
import type { CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { formatFeedIdParam } from "../../../contract/routes.ts";
import { COLUMN_BOUNDS, setReaderSetting, useReaderSettings } from "../../settings/reader.ts";
import { KEEP_HIDDEN } from "../shell/keep-hidden.ts";
import { ResizeHandle } from "../shell/resize-handle.tsx";
import { useIsMobile } from "../shell/use-is-mobile.ts";
import { EntryPane } from "./entry-pane.tsx";
import { TimelineColumn } from "./timeline-column.tsx";
import { readTimelineParams } from "./timeline-params.ts";
import { viewLayout } from "./view-layouts.ts";

/** The entry pane over a Pictures or Videos grid is at most this wide. */
const ENTRY_OVERLAY_WIDTH = 760;

/**
 * /timeline/$timelineId/$feedId[/$entryId]: the timeline column (356 px by default, resizable
 * and remembered) and the entry pane. Pictures and Videos use the whole area for their grid
 * and open entries over it. Under 1024 px: the timeline, or the open entry. Zen mode with an
 * entry open shows the entry alone. A hidden timeline keeps its layout (and scroll position).
 */
export function TimelinePage() {
  const { t } = useTranslation("reader");
  const raw = useParams({ strict: false });
  const params = readTimelineParams(raw.timelineId ?? "", raw.feedId ?? "", raw.entryId);
  const mobile = useIsMobile();
  const settings = useReaderSettings();
  const layout = viewLayout(params.view);
  const entryOpen = !params.entryPending;
  const showTimeline = mobile ? !entryOpen : !(settings.zenMode && entryOpen);
  const overlay = !mobile && layout.wide && showTimeline;
  const showEntry = mobile || overlay ? entryOpen : true;
  const fixedWidth = !mobile && !layout.wide;
  // An entry open over a grid: the grid lays its lanes out in the part left uncovered, so no
  // lane is cut off under the entry.
  const besideOverlay = overlay && entryOpen;

  return (
    <section
      className="relative flex h-full min-h-0"
      data-testid="timeline-page"
      data-entry-open={entryOpen || undefined}
    >
      <div
        id="timeline-column"
        className={`min-h-0 min-w-0 ${fixedWidth ? "shrink-0" : "flex-1"} ${showTimeline ? "" : KEEP_HIDDEN}`}
        style={
          fixedWidth
            ? { width: settings.entryColWidth }
            : besideOverlay
              ? { marginRight: `min(${ENTRY_OVERLAY_WIDTH}px, 100%)` }
              : undefined
        }
      >
        <TimelineColumn
          view={params.view}
          query={{ view: params.view, feed: params.feed }}
          timelineId={raw.timelineId ?? `view-${params.view}`}
          feedParam={raw.feedId ?? formatFeedIdParam(params.feed)}
          activeEntryId={entryOpen ? params.entryId : undefined}
        />
      </div>
      {fixedWidth && showTimeline ? (
        <ResizeHandle
          label={t("layout.resizeTimeline")}
          value={settings.entryColWidth}
          min={COLUMN_BOUNDS.entryColWidth.min}
          max={COLUMN_BOUNDS.entryColWidth.max}
          controls="timeline-column"
          testId="resize-timeline"
          onCommit={(width) => setReaderSetting("entryColWidth", width)}
        />
      ) : null}
      <div
        className={
          overlay
            ? `absolute inset-y-0 right-0 z-20 w-full max-w-[var(--entry-overlay)] border-l border-zinc-200 bg-white shadow-2xl dark:border-zinc-800 dark:bg-zinc-950 ${showEntry ? "" : "hidden"}`
            : `min-h-0 min-w-0 flex-1 ${showEntry ? "" : "hidden"}`
        }
        style={
          overlay ? ({ "--entry-overlay": `${ENTRY_OVERLAY_WIDTH}px` } as CSSProperties) : undefined
        }
        data-testid="entry-pane-slot"
      >
        {raw.entryId === undefined ? <EntryPane /> : <Outlet />}
      </div>
    </section>
  );
}
