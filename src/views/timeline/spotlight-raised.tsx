import { Link } from "@tanstack/react-router";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { of } from "rxjs";
import type { FeedSelection } from "../../../contract/routes.ts";
import { timelineLink } from "../../../contract/routes.ts";
import { raiseCandidates$ } from "../../queries/spotlight.ts";
import { useLiveQuery } from "../../queries/use-live-query.ts";
import { useRuntime } from "../../runtime/runtime-context.tsx";
import { raisedEntries } from "../spotlight/spotlight-select.ts";
import { SpotlightText } from "../spotlight/spotlight-text.tsx";
import { useSpotlightMatcher } from "../spotlight/use-spotlight.ts";
import { TimelineAside } from "./timeline-aside.tsx";

/** Rows the section shows; the list keeps more for when some are read. */
const SHOWN = 5;

/**
 * Keyword spotlight, raise: the timeline's unread entries that a keyword set to raise matches,
 * first, above the list. Outside the list, so its paging and keyboard order are untouched; the
 * query reads no keyword-less timeline at all, and at most RAISE_SCAN rows otherwise.
 */
export function SpotlightRaised(props: {
  view: number;
  feed: FeedSelection;
  timelineId: string;
  feedParam: string;
}) {
  const { t } = useTranslation("reader");
  const db = useRuntime()?.db;
  const matcher = useSpotlightMatcher("raise");
  const on = matcher !== null;
  const { view, feed } = props;
  const feedKey = JSON.stringify(feed);
  // The feed selection is a new object each render: its text stands for it.
  const candidates = useLiveQuery(
    () => (db && on ? raiseCandidates$(db, { view, feed }) : of([])),
    [db, on, view, feedKey],
  );
  const raised = useMemo(() => raisedEntries(candidates ?? [], matcher), [candidates, matcher]);
  if (raised.length === 0) return null;
  return (
    <TimelineAside name="spotlight-raised" title={t("spotlight.raised")}>
      {raised.slice(0, SHOWN).map((entry) => (
        <li key={entry.id}>
          <Link
            {...timelineLink({
              timelineId: props.timelineId,
              feed: props.feedParam,
              entryId: entry.id,
            })}
            className="block rounded px-1 py-1 hover:bg-zinc-100 dark:hover:bg-zinc-800"
            data-testid="spotlight-raised-item"
            data-entry-id={entry.id}
          >
            <span className="line-clamp-1">
              <SpotlightText text={entry.title ?? t("position.untitled")} />
            </span>
          </Link>
        </li>
      ))}
    </TimelineAside>
  );
}
