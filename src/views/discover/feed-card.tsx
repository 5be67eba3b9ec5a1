import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { DiscoverItem } from "../../../contract/api/discover.ts";
import { Button } from "../../ui/button.tsx";
import { openQuickAdd } from "../subscriptions/quick-add-store.ts";

/**
 * A feed that Discover offers (a search result, trending, a category): how lively it is, its
 * newest entries, follow. `testId` names the card and prefixes its parts.
 */
export function FeedCard({
  item,
  testId = "discover-feed",
}: {
  item: DiscoverItem;
  testId?: string;
}) {
  const { t } = useTranslation("discover");
  const [previewing, setPreviewing] = useState(false);
  const { feed } = item;
  return (
    <article
      className="rounded-xl border border-zinc-200 p-4 dark:border-zinc-800"
      data-testid={testId}
      data-feed-id={feed.id}
    >
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <h3 className="truncate font-semibold" data-testid={`${testId}-title`}>
            {feed.title ?? feed.url}
          </h3>
          {feed.siteUrl ? <p className="truncate text-xs text-zinc-500">{feed.siteUrl}</p> : null}
          {feed.description ? (
            <p className="mt-1 line-clamp-2 text-sm text-zinc-600 dark:text-zinc-400">
              {feed.description}
            </p>
          ) : null}
          <p className="mt-1 text-xs text-zinc-500">
            {t("trending.followers", { count: item.subscriptionCount })} ·{" "}
            {t("trending.perWeek", { count: item.updatesPerWeek })}
          </p>
        </div>
        <div className="flex shrink-0 gap-2">
          <Button
            variant="outline"
            size="sm"
            aria-expanded={previewing}
            onClick={() => setPreviewing((open) => !open)}
            data-testid={`${testId}-preview`}
          >
            {t("trending.preview")}
          </Button>
          {item.subscribed ? (
            <span className="self-center text-xs text-zinc-500" data-testid={`${testId}-following`}>
              {t("trending.following")}
            </span>
          ) : (
            <Button
              size="sm"
              onClick={() => openQuickAdd({ url: feed.url })}
              data-testid={`${testId}-follow`}
            >
              {t("trending.follow")}
            </Button>
          )}
        </div>
      </div>
      {previewing ? (
        <ul
          className="mt-3 space-y-1 border-t border-zinc-100 pt-3 dark:border-zinc-800"
          data-testid={`${testId}-entries`}
        >
          {item.entries.length === 0 ? (
            <li className="text-sm text-zinc-500">{t("trending.noEntries")}</li>
          ) : (
            item.entries.map((entry) => (
              <li key={entry.id} className="flex items-baseline gap-2 text-sm">
                <span className="min-w-0 flex-1 truncate">{entry.title ?? entry.url}</span>
                <time className="shrink-0 text-xs text-zinc-400" dateTime={entry.publishedAt}>
                  {new Date(entry.publishedAt).toLocaleDateString()}
                </time>
              </li>
            ))
          )}
        </ul>
      ) : null}
    </article>
  );
}
