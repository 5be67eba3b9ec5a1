import { relativeTime } from "../../../ui/format.ts";
import { SpotlightText } from "../../spotlight/spotlight-text.tsx";
import { EntryLink, type ItemProps, itemTone, Skeleton, UnreadDot } from "./entry-link.tsx";

/** Notifications: one compact line each. */
export function NotificationItem(props: ItemProps) {
  const { card } = props;
  if (!card) return <Skeleton lines={1} />;
  return (
    <EntryLink
      id={props.id}
      base={props.base}
      active={props.active}
      read={card.read}
      className={`flex h-10 items-center gap-2 border-b border-zinc-100 px-4 text-sm dark:border-zinc-900 ${itemTone(props)}`}
    >
      <UnreadDot read={card.read} />
      <span className={`min-w-0 flex-1 truncate ${card.read ? "" : "font-medium"}`}>
        <SpotlightText text={card.title || card.excerpt || card.url || ""} />
      </span>
      <span className="max-w-[25%] shrink-0 truncate text-xs text-muted">{card.feedTitle}</span>
      <time dateTime={card.publishedAt} className="shrink-0 text-xs text-muted">
        {relativeTime(card.publishedAt, props.language)}
      </time>
    </EntryLink>
  );
}
