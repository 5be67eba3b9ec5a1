import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useRuntime } from "../../runtime/runtime-context.tsx";
import { type TrendingData, useTrending } from "../../services/discover-reads.ts";
import { relativeTime } from "../../ui/format.ts";
import { Spinner } from "../../ui/spinner.tsx";
import { FeedCard } from "./feed-card.tsx";
import { DiscoverListCard } from "./list-card.tsx";

/** Discover's trending sections: feeds, lists, people and entries lively on this server. */
export function TrendingSection() {
  const { t, i18n } = useTranslation("discover");
  const reader = useRuntime();
  const state = useTrending(reader?.api);
  return (
    <section data-testid="trending" data-state={state.status} aria-labelledby="trending-title">
      <div className="mb-3 flex items-baseline gap-3">
        <h2 id="trending-title" className="text-base font-semibold">
          {t("trending.title")}
        </h2>
        {state.status === "ready" ? (
          <span className="text-xs text-zinc-500">
            {t("trending.updated", {
              time: relativeTime(state.data.computedAt, i18n.language),
            })}
          </span>
        ) : null}
      </div>
      {state.status === "loading" ? <Spinner size={16} /> : null}
      {state.status === "failed" ? (
        <p className="text-sm text-red-600" role="alert">
          {t("trending.failed")} {state.message}
        </p>
      ) : null}
      {state.status === "ready" ? <TrendingLists data={state.data} /> : null}
    </section>
  );
}

function TrendingLists({ data }: { data: TrendingData }) {
  const { t } = useTranslation("discover");
  const { feeds, lists, users, entries } = data;
  if (feeds.length + lists.length + users.length + entries.length === 0) {
    return (
      <p className="text-sm text-zinc-500" data-testid="trending-empty">
        {t("trending.empty")}
      </p>
    );
  }
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Group title={t("trending.feeds")} testId="trending-feeds" shown={feeds.length > 0}>
        {feeds.map((item) => (
          <FeedCard key={item.feed.id} item={item} />
        ))}
      </Group>
      <Group title={t("trending.entries")} testId="trending-entries" shown={entries.length > 0}>
        <ul className="space-y-2">
          {entries.map(({ entry, feed, reads, stars }) => (
            <li
              key={entry.id}
              className="rounded-lg border border-zinc-200 p-3 dark:border-zinc-800"
            >
              {entry.url ? (
                <a
                  href={entry.url}
                  target="_blank"
                  rel="noreferrer noopener"
                  className="block truncate font-medium hover:text-accent"
                >
                  {entry.title ?? entry.url}
                </a>
              ) : (
                <span className="block truncate font-medium">{entry.title ?? entry.id}</span>
              )}
              <span className="text-xs text-zinc-500">
                {feed.title ?? feed.url} · {t("trending.activity", { reads, stars })}
              </span>
            </li>
          ))}
        </ul>
      </Group>
      <Group title={t("trending.lists")} testId="trending-lists" shown={lists.length > 0}>
        {lists.map((item) => (
          <DiscoverListCard key={item.list.id} item={item} />
        ))}
      </Group>
      <Group title={t("trending.users")} testId="trending-users" shown={users.length > 0}>
        <ul className="space-y-2">
          {users.map(({ user, listCount }) => (
            <li key={user.id} className="flex items-center gap-3">
              {user.image ? (
                <img src={user.image} alt="" className="size-8 rounded-full" />
              ) : (
                <span className="flex size-8 items-center justify-center rounded-full bg-zinc-200 text-sm dark:bg-zinc-700">
                  {user.name.slice(0, 1).toUpperCase()}
                </span>
              )}
              <span className="min-w-0 flex-1 truncate">
                {user.name}
                {user.handle ? <span className="text-zinc-500"> @{user.handle}</span> : null}
              </span>
              <span className="text-xs text-zinc-500">
                {t("trending.listCount", { count: listCount })}
              </span>
            </li>
          ))}
        </ul>
      </Group>
    </div>
  );
}

function Group(props: { title: string; testId: string; shown: boolean; children: ReactNode }) {
  if (!props.shown) return null;
  return (
    <div data-testid={props.testId}>
      <h3 className="mb-2 text-sm font-semibold text-zinc-500 dark:text-zinc-400">{props.title}</h3>
      <div className="space-y-3">{props.children}</div>
    </div>
  );
}
