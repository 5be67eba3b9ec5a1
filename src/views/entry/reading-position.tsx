import { type RefObject, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { of } from "rxjs";
import { runCommand } from "../../commands/run.ts";
import {
  FINISHED_FRACTION,
  latestPosition$,
  type ReadingPositionItem,
  STARTED_FRACTION,
} from "../../queries/reading-positions.ts";
import { useLiveQuery } from "../../queries/use-live-query.ts";
import { thisDeviceId } from "../../services/reading-position/device.ts";
import type { RuntimeServices } from "../../services/runtime-services.ts";
import { Button } from "../../ui/button.tsx";
import { restoreAnchor, type ScrollAnchor, takeAnchor } from "./scroll-anchor.ts";

/** How long the pane waits after scrolling stops before keeping the position. */
const SAVE_AFTER_MS = 1_000;
/** Moves smaller than this share of the article are not worth a save. */
const MIN_MOVE = 0.005;

const contentOf = (scroller: HTMLElement) =>
  scroller.querySelector<HTMLElement>('[data-testid="entry-content"]');

/**
 * Remembers where the reader stops in the open article (kept a second after scrolling stops,
 * and on leaving it) and, on opening, offers to continue from the newest position any device
 * kept for it. Keyed by entry, so each entry starts afresh.
 */
export function ReadingPosition(props: {
  reader: RuntimeServices;
  entryId: string;
  scroller: RefObject<HTMLDivElement | null>;
  /** Whether the article's content is shown (its blocks can be anchored to). */
  ready: boolean;
}) {
  const { t } = useTranslation("reader");
  const { reader, entryId, scroller, ready } = props;
  const latest = useLiveQuery(
    () => (reader ? latestPosition$(reader.db, entryId, "article") : of(undefined)),
    [reader, entryId],
  );
  // The offer is about where the reader was when the entry opened, not the saves made since.
  const [opened, setOpened] = useState<ReadingPositionItem | null | undefined>(undefined);
  useEffect(() => {
    if (opened === undefined && latest !== undefined) setOpened(latest);
  }, [opened, latest]);
  const [answered, setAnswered] = useState(false);

  useEffect(() => {
    const element = scroller.current;
    if (!element || !ready) return;
    let saved: ScrollAnchor | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const save = () => {
      timer = undefined;
      const anchor = takeAnchor(element, contentOf(element));
      if (saved && Math.abs(anchor.fraction - saved.fraction) < MIN_MOVE) return;
      saved = anchor;
      runCommand(
        "readingPositions.save",
        { entryId },
        {
          entryId,
          deviceId: thisDeviceId(),
          kind: "article",
          fraction: anchor.fraction,
          quote: anchor.quote,
          seconds: 0,
        },
      );
    };
    const onScroll = () => {
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(save, SAVE_AFTER_MS);
    };
    element.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      element.removeEventListener("scroll", onScroll);
      // Leaving the entry keeps where it was left.
      if (timer !== undefined) {
        clearTimeout(timer);
        save();
      }
    };
  }, [scroller, entryId, ready]);

  const offer =
    ready &&
    !answered &&
    opened != null &&
    opened.fraction >= STARTED_FRACTION &&
    opened.fraction <= FINISHED_FRACTION
      ? opened
      : undefined;
  if (!offer) return null;

  function resume() {
    const element = scroller.current;
    if (element && offer) {
      const used = restoreAnchor(element, contentOf(element), offer);
      element.dataset.resumedBy = used;
    }
    setAnswered(true);
  }

  return (
    <div
      className="flex flex-wrap items-center gap-2 border-b border-accent/30 bg-accent/5 px-4 py-2 text-sm"
      role="status"
      data-testid="resume-reading"
      data-fraction={offer.fraction}
    >
      <span className="flex-1">
        {t("position.offer", { percent: Math.round(offer.fraction * 100) })}
      </span>
      <Button size="sm" onClick={resume} data-testid="resume-reading-continue">
        {t("position.continue")}
      </Button>
      <Button
        size="sm"
        variant="ghost"
        onClick={() => setAnswered(true)}
        data-testid="resume-reading-dismiss"
      >
        {t("position.dismiss")}
      </Button>
    </div>
  );
}
