import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { of } from "rxjs";
import { timelineLink } from "../../../contract/routes.ts";
import { FeedViewType } from "../../../contract/views.ts";
import { inProgress$ } from "../../queries/reading-positions.ts";
import { useLiveQuery } from "../../queries/use-live-query.ts";
import { useRuntime } from "../../runtime/runtime-context.tsx";
import { TimelineAside } from "./timeline-aside.tsx";

/** Rows the section shows; the list keeps more for when some are finished. */
const SHOWN = 3;

/**
 * Articles started and not finished, on any device, above the Articles timeline: each opens
 * where the reader can continue. Outside the timeline's list, so its paging is untouched.
 */
export function ContinueReading() {
  const { t } = useTranslation("reader");
  const db = useRuntime()?.db;
  const items = useLiveQuery(() => (db ? inProgress$(db) : of([])), [db]);
  if (!items || items.length === 0) return null;
  return (
    <TimelineAside name="continue-reading" title={t("position.continueReading")}>
      {items.slice(0, SHOWN).map((item) => (
        <li key={item.entryId}>
          <Link
            {...timelineLink({ view: FeedViewType.Articles, entryId: item.entryId })}
            className="flex items-center gap-2 rounded px-1 py-1 hover:bg-zinc-100 dark:hover:bg-zinc-800"
            data-testid="continue-reading-item"
            data-entry-id={item.entryId}
          >
            <span className="line-clamp-1 flex-1">{item.title ?? t("position.untitled")}</span>
            <span className="shrink-0 text-xs text-muted tabular-nums">
              {t("position.percent", { percent: Math.round(item.fraction * 100) })}
            </span>
          </Link>
        </li>
      ))}
    </TimelineAside>
  );
}
