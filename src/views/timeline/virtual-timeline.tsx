import { useVirtualizer } from "@tanstack/react-virtual";
import {
  type CSSProperties,
  type MutableRefObject,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import { of } from "rxjs";
import { markContentPainted } from "../../platform/first-paint.ts";
import type { TimelineRow } from "../../queries/index.ts";
import { manualUnreadIds$ } from "../../queries/manual-unread.ts";
import { useLiveQuery } from "../../queries/use-live-query.ts";
import type { RuntimeServices } from "../../services/runtime-services.ts";
import type { PagerState } from "../../services/use-timeline-pager.ts";
import type { ReaderSettings } from "../../settings/reader.ts";
import { dayLabel } from "../../ui/format.ts";
import { useElementWidth } from "../shell/use-element-width.ts";
import type { TimelineLinkBase } from "./items/entry-link.tsx";
import { PagerFooter } from "./pager-footer.tsx";
import { type TimelineItem, timelineItems, windowIds } from "./timeline-items.ts";
import { useAutoMarkRead } from "./use-auto-mark-read.ts";
import { useCardWindow } from "./use-card-window.ts";
import { useHeldRows } from "./use-held-rows.ts";
import { viewLayout } from "./view-layouts.ts";

const NONE: ReadonlySet<string> = new Set();

/** A day's heading; its element has exactly this height. */
const DAY_HEIGHT = 34;
/** Start loading the next page this many rows before the end. */
const PREFETCH_ROWS = 30;

/**
 * A timeline, virtualized (@tanstack/react-virtual): only the rows on screen and a few around
 * them are in the DOM, however many entries the view has. Lists measure each row; Pictures is
 * a masonry of lanes, Videos a grid of lanes. Rows come in windows of the local store.
 */
export function VirtualTimeline(props: {
  reader: RuntimeServices | undefined;
  view: number;
  rows: TimelineRow[];
  more: boolean;
  /** More rows; `lanes`, the tiles a row of the layout holds, keeps columns across a move. */
  onMore(lanes: number): void;
  /** The id the rows' window starts at ("" at the timeline's top), see timeline-window.ts. */
  windowStart: string;
  /** When the row before the window was published (none at the timeline's top). */
  windowBefore: string | undefined;
  /** Moves the window back: the rows before it are wanted. */
  onEarlier(): void;
  /** In a window further down, set to the entry at the top of the screen (keyboard steps start there). */
  topEntry?: MutableRefObject<string | undefined>;
  /** The server pager: when the local rows run out, older pages come from the server. */
  pager: PagerState;
  /** Asks the server pager for the next page (older, or newer when read oldest first). */
  onNextPage(): void;
  activeEntryId: string | undefined;
  base: TimelineLinkBase;
  settings: ReaderSettings;
  label: string;
}) {
  const { t, i18n } = useTranslation("reader");
  const { reader, view, settings } = props;
  const layout = viewLayout(view);
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  const { windowStart } = props;
  // When the window moves, the row at the top of the screen stays where it is (the virtualizer
  // keeps its offset by key as rows leave or come above it); otherwise the offset is kept.
  const shownStart = useRef(windowStart);
  const moved = shownStart.current !== windowStart;
  const { rows, held, showHeld } = useHeldRows(props.rows, scrollElement, moved);
  const width = useElementWidth(scrollElement);
  const grouped = layout.groups && settings.groupByDate;
  const { windowBefore } = props;
  const items = useMemo(
    () => timelineItems(rows, grouped, windowBefore),
    [rows, grouped, windowBefore],
  );
  const lanes =
    layout.kind === "list" ? 1 : Math.max(1, Math.floor(width / (layout.minLaneWidth ?? 200)));
  const laneWidth = lanes > 1 ? width / lanes : undefined;

  // Stable callbacks: the virtualizer re-lays every row when they change identity, which with
  // 50,000 rows must not happen on each scroll frame.
  const tile =
    layout.kind === "list"
      ? layout.estimate
      : Math.max(layout.estimate, (width / lanes) * (layout.kind === "grid" ? 0.8 : 1));
  const estimateSize = useCallback(
    (index: number) => (items[index]?.kind === "day" ? DAY_HEIGHT : tile),
    [items, tile],
  );
  const getItemKey = useCallback((index: number) => items[index]?.key ?? index, [items]);
  const getScrollElement = useCallback(() => scrollElement, [scrollElement]);
  // Lanes are remembered by index, which a move gives to other tiles: a masonry places them
  // again (a private map of the virtualizer's; if it is renamed this does nothing).
  const laneCache = useRef<{ laneAssignments?: Map<number, number> } | null>(null);
  if (moved && lanes > 1) laneCache.current?.laneAssignments?.clear();
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement,
    estimateSize,
    getItemKey,
    overscan: layout.kind === "list" ? 8 : 6,
    lanes,
    anchorTo: moved ? "end" : "start",
  });
  laneCache.current = virtualizer as unknown as { laneAssignments?: Map<number, number> };
  useLayoutEffect(() => {
    if (!moved) return;
    shownStart.current = windowStart;
    // Heights measured for rows the window left would otherwise pile up along a long scroll.
    const keys = new Set(items.map((item) => item.key));
    for (const key of virtualizer.itemSizeCache.keys()) {
      if (!keys.has(key as string)) virtualizer.itemSizeCache.delete(key);
    }
  });
  // A new lane count re-places every tile.
  // biome-ignore lint/correctness/useExhaustiveDependencies: lanes is the trigger.
  useEffect(() => virtualizer.measure(), [lanes]);

  const virtualItems = virtualizer.getVirtualItems();
  const first = virtualItems[0]?.index ?? 0;
  const last = virtualItems.at(-1)?.index ?? 0;
  if (props.topEntry) {
    props.topEntry.current =
      windowStart === "" ? undefined : entryAtTop(items, virtualItems, virtualizer.scrollOffset);
  }
  const { cards, version } = useCardWindow(reader, windowIds(items, first, last));
  // Rows with their entries: what loads after the first paint may load now.
  const hasCards = cards.size > 0;
  useEffect(() => {
    if (hasCards) markContentPainted();
  }, [hasCards]);

  const { more, onMore, onNextPage } = props;
  const { loading, end, offline } = props.pager;
  const nearEnd = last >= items.length - PREFETCH_ROWS;
  useEffect(() => {
    if (!nearEnd) return;
    if (more) onMore(lanes);
    // Offline, the pager retries by itself on reconnect.
    else if (!loading && !end && !offline) onNextPage();
  }, [nearEnd, more, onMore, lanes, loading, end, offline, onNextPage]);
  const nearStart = windowStart !== "" && virtualItems.length > 0 && first <= PREFETCH_ROWS;
  const { onEarlier } = props;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a moved window may need another move.
  useEffect(() => {
    if (nearStart) onEarlier();
  }, [nearStart, onEarlier, windowStart]);

  // Keyboard next/previous (or a deep link) opens an entry off screen: bring it into view.
  const activeIndex = useMemo(
    () => items.findIndex((item) => item.kind === "entry" && item.id === props.activeEntryId),
    [items, props.activeEntryId],
  );
  // Once per entry opened: a moved window changes its index, not what the person is reading.
  const scrolledTo = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (activeIndex < 0 || scrolledTo.current === props.activeEntryId) return;
    scrolledTo.current = props.activeEntryId;
    virtualizer.scrollToIndex(activeIndex, { align: "auto" });
  }, [activeIndex, props.activeEntryId, virtualizer]);

  const cardsRef = useRef(cards);
  cardsRef.current = cards;
  // Marked unread by hand: scrolling, hovering or displaying it does not read it again.
  const db = reader?.db;
  const manualUnread = useLiveQuery(() => (db ? manualUnreadIds$(db) : of([])), [db]);
  const manualRef = useRef<ReadonlySet<string>>(NONE);
  manualRef.current = useMemo(() => new Set(manualUnread ?? []), [manualUnread]);
  const isUnread = useCallback(
    (id: string) => cardsRef.current.get(id)?.read === false && !manualRef.current.has(id),
    [],
  );
  const { observe, hoverProps, recheck } = useAutoMarkRead(
    scrollElement,
    {
      render: settings.renderMarkUnread,
      scroll: settings.scrollMarkUnread,
      hover: settings.hoverMarkUnread,
    },
    isUnread,
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new window of rows is the trigger.
  useEffect(recheck, [version, recheck]);

  const Item = layout.item;
  const words = { today: t("timeline.today"), yesterday: t("timeline.yesterday") };
  return (
    <>
      {held > 0 ? (
        <button
          type="button"
          className="absolute top-2 left-1/2 z-10 -translate-x-1/2 rounded-full bg-accent px-3 py-1 text-xs font-medium text-white shadow"
          data-testid="held-entries-pill"
          data-count={held}
          onClick={showHeld}
        >
          {t("timeline.heldEntries", { count: held })}
        </button>
      ) : null}
      <div
        ref={setScrollElement}
        className="player-room h-full overflow-y-auto overscroll-contain [overflow-anchor:none]"
        data-testid="timeline-scroll"
        data-layout={layout.kind}
        data-lanes={lanes}
      >
        <ul
          aria-label={props.label}
          data-testid="timeline-list"
          data-count={rows.length}
          data-window-start={windowStart}
          data-more={more}
          className={layout.kind === "list" ? "" : "px-1 pt-1"}
          style={{ height: virtualizer.getTotalSize(), position: "relative", width: "100%" }}
        >
          {virtualItems.map((virtual) => {
            const item = items[virtual.index]!;
            const style: CSSProperties = {
              position: "absolute",
              top: 0,
              left: laneWidth ? virtual.lane * laneWidth : 0,
              width: laneWidth ?? "100%",
              transform: `translateY(${virtual.start}px)`,
              ...(layout.fixed
                ? { height: item.kind === "day" ? DAY_HEIGHT : layout.estimate, overflow: "hidden" }
                : {}),
            };
            if (item.kind === "day") {
              return (
                <VirtualRow
                  key={virtual.key}
                  index={virtual.index}
                  measure={layout.fixed ? undefined : virtualizer.measureElement}
                  style={style}
                >
                  <h3
                    className="flex h-[34px] items-end bg-white/95 px-4 pb-1.5 text-xs font-semibold text-zinc-600 dark:bg-zinc-950/95 dark:text-zinc-400"
                    data-testid="timeline-day"
                  >
                    {dayLabel(item.day, i18n.language, words)}
                  </h3>
                </VirtualRow>
              );
            }
            return (
              <VirtualRow
                key={virtual.key}
                index={virtual.index}
                entryId={item.id}
                measure={layout.fixed ? undefined : virtualizer.measureElement}
                observe={observe}
                style={style}
                // Within a window further down, the rows' places in the whole timeline are unknown.
                setSize={windowStart === "" ? rows.length : -1}
                position={windowStart === "" ? item.position + 1 : undefined}
                {...hoverProps(item.id)}
              >
                <Item
                  id={item.id}
                  card={cards.get(item.id)}
                  active={item.id === props.activeEntryId}
                  dimRead={settings.dimRead}
                  thumbnailRatio={settings.thumbnailRatio}
                  base={props.base}
                  language={i18n.language}
                />
              </VirtualRow>
            );
          })}
        </ul>
        {more ? null : <PagerFooter state={props.pager} />}
      </div>
    </>
  );
}

function VirtualRow(props: {
  index: number;
  entryId?: string;
  measure?(element: Element | null): void;
  observe?(element: Element): () => void;
  style: CSSProperties;
  setSize?: number;
  position?: number;
  onMouseEnter?(): void;
  onMouseLeave?(): void;
  children: ReactNode;
}) {
  const { measure, observe } = props;
  const ref = useCallback(
    (element: HTMLLIElement | null) => {
      if (!element) return;
      measure?.(element);
      return observe?.(element);
    },
    [measure, observe],
  );
  return (
    <li
      ref={ref}
      data-index={props.index}
      data-entry-id={props.entryId}
      data-testid={props.entryId ? "timeline-item" : undefined}
      aria-setsize={props.setSize}
      aria-posinset={props.position}
      style={props.style}
      onMouseEnter={props.onMouseEnter}
      onMouseLeave={props.onMouseLeave}
    >
      {props.children}
    </li>
  );
}

/** The first entry whose row reaches below the top of the screen. */
function entryAtTop(
  items: readonly TimelineItem[],
  shown: readonly { index: number; end: number }[],
  offset: number | null,
): string | undefined {
  for (const virtual of shown) {
    const item = items[virtual.index];
    if (item?.kind === "entry" && virtual.end > (offset ?? 0)) return item.id;
  }
  return undefined;
}
