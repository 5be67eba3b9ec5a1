import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { timelineLink } from "../../../contract/routes.ts";
import { FeedViewType } from "../../../contract/views.ts";
import type { EntryDetail } from "../../queries/index.ts";
import { fullTime, openingWords } from "../../ui/format.ts";
import { SpotlightText } from "../spotlight/spotlight-text.tsx";
import { FeedIcon } from "../subscriptions/feed-icon.tsx";
import { EntryReaders } from "./entry-readers.tsx";

/** Feed, title (a link to the original), author and time. */
export function EntryHeader({ entry }: { entry: EntryDetail }) {
  const { t, i18n } = useTranslation("reader");
  const feedTitle = entry.feedTitle ?? "";
  // A post without a title (social media) is headed by its opening words, not its address.
  const heading = entry.title || openingWords(entry.description) || feedTitle;
  return (
    <header className="mb-6 space-y-3">
      {entry.feedId ? (
        <Link
          {...timelineLink({ view: entry.view ?? FeedViewType.Articles, feed: entry.feedId })}
          className="inline-flex items-center gap-2 text-sm text-zinc-600 hover:text-accent dark:text-zinc-400"
          data-testid="entry-feed"
        >
          <FeedIcon
            title={feedTitle || "?"}
            image={entry.feedImage}
            feedId={entry.feedId}
            size={18}
          />
          {feedTitle}
        </Link>
      ) : null}
      <h1
        className={`leading-tight font-bold tracking-tight ${entry.title ? "text-2xl" : "text-lg"}`}
        data-testid="entry-title"
      >
        {entry.url ? (
          <a href={entry.url} target="_blank" rel="noopener noreferrer" className="hover:underline">
            <SpotlightText text={heading ?? ""} />
          </a>
        ) : (
          <SpotlightText text={heading ?? ""} />
        )}
      </h1>
      <p className="flex flex-wrap gap-x-2 text-sm text-zinc-600 dark:text-zinc-400">
        {entry.author ? (
          <span data-testid="entry-author">
            {entry.authorUrl ? (
              <a
                href={entry.authorUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="hover:underline"
              >
                {entry.author}
              </a>
            ) : (
              entry.author
            )}
          </span>
        ) : null}
        <time dateTime={entry.publishedAt}>{fullTime(entry.publishedAt, i18n.language)}</time>
        {entry.read ? null : <span className="text-accent-ink">{t("entry.unread")}</span>}
      </p>
      <EntryReaders entryId={entry.id} />
    </header>
  );
}
