import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import type { DiscoverItem } from "../../../contract/api/discover.ts";
import { useDiscover } from "../../runtime/discover.ts";
import { useRuntime } from "../../runtime/runtime-context.tsx";
import { Button } from "../../ui/button.tsx";
import { SearchIcon } from "../../ui/icons.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { openQuickAdd } from "../subscriptions/quick-add-store.ts";

/** Discover's search: words find feeds this server knows, an address is discovered. */
export function DiscoverSearch() {
  const { t } = useTranslation("search");
  const reader = useRuntime();
  const [typed, setTyped] = useState("");
  const [submitted, setSubmitted] = useState("");
  const state = useDiscover(reader?.api, typed, submitted);

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(typed.trim());
  }

  return (
    <div data-testid="discover-search">
      <form onSubmit={submit} className="flex items-center gap-2">
        <div className="flex h-10 flex-1 items-center gap-2 rounded-lg border border-zinc-300 px-3 focus-within:border-accent dark:border-zinc-700">
          <SearchIcon size={16} className="shrink-0 text-zinc-400" />
          <input
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            aria-label={t("discover.label")}
            placeholder={t("discover.placeholder")}
            maxLength={500}
            data-testid="discover-input"
            className="h-full w-full bg-transparent text-sm outline-none placeholder:text-zinc-400"
          />
          {state.status === "loading" ? <Spinner size={16} /> : null}
        </div>
        <Button type="submit" data-testid="discover-submit">
          {t("discover.submit")}
        </Button>
      </form>
      <div className="mt-4 space-y-3" aria-live="polite">
        {state.status === "failed" ? (
          <p className="text-sm text-red-600" role="alert" data-testid="discover-error">
            {state.message}
          </p>
        ) : null}
        {state.status === "ready" && state.items.length === 0 ? (
          <p className="text-sm text-zinc-500" data-testid="discover-empty">
            {t("discover.none")}
          </p>
        ) : null}
        {state.status === "ready"
          ? state.items.map((item) => <DiscoverCard key={item.feed.id} item={item} />)
          : null}
      </div>
    </div>
  );
}

function DiscoverCard({ item }: { item: DiscoverItem }) {
  const { t } = useTranslation("search");
  const [previewing, setPreviewing] = useState(false);
  const { feed } = item;
  return (
    <article
      className="rounded-xl border border-zinc-200 p-4 dark:border-zinc-800"
      data-testid="discover-result"
      data-feed-id={feed.id}
    >
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <h3 className="truncate font-semibold" data-testid="discover-result-title">
            {feed.title ?? feed.url}
          </h3>
          {feed.siteUrl ? <p className="truncate text-xs text-zinc-500">{feed.siteUrl}</p> : null}
          {feed.description ? (
            <p className="mt-1 line-clamp-2 text-sm text-zinc-600 dark:text-zinc-400">
              {feed.description}
            </p>
          ) : null}
          <p className="mt-1 text-xs text-zinc-500">
            {t("discover.followers", { count: item.subscriptionCount })} ·{" "}
            {t("discover.perWeek", { count: item.updatesPerWeek })}
          </p>
        </div>
        <div className="flex shrink-0 gap-2">
          <Button
            variant="outline"
            size="sm"
            aria-expanded={previewing}
            onClick={() => setPreviewing((open) => !open)}
            data-testid="discover-preview"
          >
            {t("discover.preview")}
          </Button>
          {item.subscribed ? (
            <span className="self-center text-xs text-zinc-500" data-testid="discover-following">
              {t("discover.following")}
            </span>
          ) : (
            <Button
              size="sm"
              onClick={() => openQuickAdd({ url: feed.url })}
              data-testid="discover-follow"
            >
              {t("discover.follow")}
            </Button>
          )}
        </div>
      </div>
      {previewing ? (
        <ul
          className="mt-3 space-y-1 border-t border-zinc-100 pt-3 dark:border-zinc-800"
          data-testid="discover-preview-entries"
        >
          {item.entries.length === 0 ? (
            <li className="text-sm text-zinc-500">{t("discover.noEntries")}</li>
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
