import type { EntryCard } from "../../../queries/index.ts";
import { fullTime, relativeTime } from "../../../ui/format.ts";
import { StarIcon } from "../../../ui/icons.tsx";
import { SourceIcon } from "./source-icon.tsx";

/** Source icon and title (a feed, or the inbox it arrived in), time, and a star when starred. */
export function EntryMeta({ card, language }: { card: EntryCard; language: string }) {
  const feed = card.feedTitle ?? "";
  return (
    <div className="flex min-w-0 items-center gap-1.5 text-xs text-zinc-600 dark:text-zinc-400">
      <SourceIcon
        title={feed}
        image={card.feedImage}
        feedId={card.feedId}
        inboxHandle={card.inboxHandle}
        size={14}
      />
      <span className="min-w-0 truncate" data-testid="entry-source">
        {feed}
      </span>
      <span aria-hidden="true">·</span>
      <time
        dateTime={card.publishedAt}
        title={fullTime(card.publishedAt, language)}
        className="shrink-0"
      >
        {relativeTime(card.publishedAt, language)}
      </time>
      {card.starred ? (
        <StarIcon
          size={12}
          filled
          className="shrink-0 text-amber-500"
          data-testid="entry-starred"
        />
      ) : null}
    </div>
  );
}
