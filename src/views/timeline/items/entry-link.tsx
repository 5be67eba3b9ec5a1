import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { timelineLink } from "../../../../contract/routes.ts";
import type { EntryCard } from "../../../queries/index.ts";

export interface TimelineLinkBase {
  timelineId: string;
  feedId: string;
}

/** What every timeline item gets. `card` is undefined while its window of rows loads. */
export interface ItemProps {
  id: string;
  card: EntryCard | undefined;
  active: boolean;
  dimRead: boolean;
  thumbnailRatio: "original" | "square";
  base: TimelineLinkBase;
  language: string;
}

/** The entry's link to the entry pane (keyboard and screen readers reach entries by it). */
export function EntryLink(props: {
  id: string;
  base: TimelineLinkBase;
  active: boolean;
  read: boolean | undefined;
  className: string;
  label?: string;
  children: ReactNode;
}) {
  return (
    <Link
      {...timelineLink({
        timelineId: props.base.timelineId,
        feed: props.base.feedId,
        entryId: props.id,
      })}
      aria-current={props.active ? "true" : undefined}
      aria-label={props.label}
      data-testid="entry-link"
      data-read={props.read === undefined ? undefined : props.read ? "1" : "0"}
      className={`${props.className} outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-accent`}
    >
      {props.children}
    </Link>
  );
}

/** The common look of an item's state: active, unread dot, dimmed when read (setting). */
export function itemTone(props: ItemProps): string {
  const read = props.card?.read ?? false;
  const active = props.active
    ? "bg-accent-soft/70 dark:bg-accent-soft/40"
    : "hover:bg-zinc-50 dark:hover:bg-zinc-900";
  return `${active} ${props.dimRead && read ? "opacity-60" : ""}`;
}

/**
 * The unread mark before an unread entry's title. A read row has none and no empty room for
 * one: its title starts flush with the meta and excerpt lines, like every other read row.
 */
export function UnreadDot({ read }: { read: boolean | undefined }) {
  if (read !== false) return null;
  return (
    <span
      className="mr-1.5 inline-block size-2 shrink-0 rounded-full bg-accent align-middle"
      aria-hidden="true"
      data-unread-dot=""
    />
  );
}

export function Skeleton({ lines = 2 }: { lines?: number }) {
  return (
    <div className="space-y-2 px-4 py-3" aria-hidden="true">
      {Array.from({ length: lines }, (_, i) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder bars have no identity.
          key={i}
          className="h-3 animate-pulse rounded bg-zinc-200 motion-reduce:animate-none dark:bg-zinc-800"
          style={{ width: `${90 - i * 25}%` }}
        />
      ))}
    </div>
  );
}
