import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { of } from "rxjs";
import type { FeedViewType } from "../../../contract/views.ts";
import { VIEW_NAMES } from "../../../contract/views.ts";
import { runCommand } from "../../commands/run.ts";
import { allSubscriptions$, feedLatest$, type SubscriptionItem } from "../../queries/index.ts";
import { useLiveQuery } from "../../queries/use-live-query.ts";
import { useRuntime } from "../../runtime/runtime-context.tsx";
import { Button } from "../../ui/button.tsx";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { ChoiceSelect, Field } from "../../ui/fields.tsx";
import { SettingsSection } from "../../ui/setting-rows.tsx";
import { PageHeader } from "../page.tsx";
import { formatRetryTime } from "../subscriptions/retry-time.ts";

type SortKey = "name" | "unread" | "updated" | "error";

/**
 * Settings › Feeds: every feed you follow, searchable and sortable (name, unread, last update,
 * errors first), with each feed's error; select several to move them to a folder or a view,
 * or to unfollow them. Each change is a command.
 */
export function FeedsSettingsPage() {
  const { t } = useTranslation("lists");
  const { t: ta } = useTranslation();
  const reader = useRuntime();
  const all = useLiveQuery(() => (reader ? allSubscriptions$(reader.db) : of([])), [reader]);
  const latest = useLiveQuery<Record<string, string>>(
    () => (reader ? feedLatest$(reader.db) : of({})),
    [reader],
  );
  const [search, setSearch] = useState("");
  const [sort, setSort] = useState<SortKey>("name");
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [category, setCategory] = useState("");
  const [view, setView] = useState<FeedViewType>(0);
  const [confirming, setConfirming] = useState(false);

  const feeds = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const rows = (all ?? []).filter(
      (s): s is SubscriptionItem & { feedId: string } =>
        s.type === "feed" &&
        s.feedId !== null &&
        (!needle ||
          s.title.toLowerCase().includes(needle) ||
          (s.url ?? "").toLowerCase().includes(needle)),
    );
    const updated = (s: SubscriptionItem) => latest?.[s.feedId ?? ""] ?? "";
    const compare: Record<SortKey, (a: SubscriptionItem, b: SubscriptionItem) => number> = {
      name: (a, b) => a.title.localeCompare(b.title, undefined, { sensitivity: "base" }),
      unread: (a, b) => b.unread - a.unread,
      updated: (a, b) => updated(b).localeCompare(updated(a)),
      error: (a, b) => (b.errorAt ?? "").localeCompare(a.errorAt ?? ""),
    };
    return [...rows].sort((a, b) => compare[sort](a, b) || compare.name(a, b));
  }, [all, latest, search, sort]);

  const selected = feeds.filter((f) => chosen.has(f.feedId));
  const toggle = (id: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    setChosen(next);
  };
  const selection = { selection: "feeds" as const, feedIds: selected.map((f) => f.feedId) };

  return (
    <section data-testid="settings-page-feeds">
      <PageHeader title={ta("settings.panels.feeds")} description={t("feeds.description")} />
      <div className="space-y-6 p-6">
        <SettingsSection title={t("feeds.title", { count: feeds.length })}>
          <div className="flex flex-wrap items-end gap-3 p-4">
            <div className="min-w-48 flex-1">
              <Field
                label={t("feeds.search")}
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                data-testid="feeds-search"
              />
            </div>
            <ChoiceSelect<SortKey>
              aria-label={t("feeds.sort")}
              value={sort}
              choices={(["name", "unread", "updated", "error"] as const).map((value) => ({
                value,
                label: t(`feeds.sortBy.${value}`),
              }))}
              onChange={setSort}
              data-testid="feeds-sort"
            />
          </div>
          <ul data-testid="feeds-list">
            {feeds.map((feed) => (
              <li
                key={feed.feedId}
                className="flex items-start gap-3 px-4 py-2"
                data-testid="feeds-row"
                data-feed-id={feed.feedId}
              >
                <input
                  type="checkbox"
                  className="mt-1 size-4 accent-accent"
                  aria-label={feed.title}
                  checked={chosen.has(feed.feedId)}
                  onChange={(event) => toggle(feed.feedId, event.target.checked)}
                />
                <div className="min-w-0 flex-1 text-sm">
                  <p className="truncate font-medium">{feed.title}</p>
                  <p className="truncate text-zinc-500">
                    {[
                      ta(`views.${VIEW_NAMES[feed.view] ?? "Articles"}`),
                      feed.category,
                      t("feeds.unread", { count: feed.unread }),
                      latest?.[feed.feedId]
                        ? t("feeds.updated", { date: latest[feed.feedId]!.slice(0, 10) })
                        : null,
                    ]
                      .filter(Boolean)
                      .join(" · ")}
                  </p>
                  {feed.errorAt ? (
                    <p className="text-red-700 dark:text-red-300" data-testid="feeds-error">
                      {t("feeds.error", {
                        message: feed.errorMessage ?? "",
                        date: feed.errorAt.slice(0, 10),
                      })}
                      {feed.nextRetryAt ? (
                        <span data-testid="feeds-next-retry">
                          {" · "}
                          {t("feeds.nextRetry", { time: formatRetryTime(feed.nextRetryAt) })}
                        </span>
                      ) : null}
                    </p>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        </SettingsSection>
        <SettingsSection title={t("feeds.bulk", { count: selected.length })}>
          <div className="flex flex-wrap items-end gap-3 p-4">
            <Field
              label={t("feeds.category")}
              value={category}
              maxLength={200}
              onChange={(event) => setCategory(event.target.value)}
              data-testid="feeds-bulk-category"
            />
            <Button
              variant="outline"
              size="sm"
              disabled={selected.length === 0}
              data-testid="feeds-bulk-move"
              onClick={() =>
                runCommand("subscriptions.batchEdit", selection, {
                  category: category.trim() || null,
                })
              }
            >
              {t("feeds.moveToCategory")}
            </Button>
            <ChoiceSelect<FeedViewType>
              aria-label={t("feeds.view")}
              value={view}
              choices={VIEW_NAMES.map((name, value) => ({
                value: value as FeedViewType,
                label: ta(`views.${name}`),
              }))}
              onChange={setView}
              data-testid="feeds-bulk-view"
            />
            <Button
              variant="outline"
              size="sm"
              disabled={selected.length === 0}
              data-testid="feeds-bulk-view-move"
              onClick={() => runCommand("subscriptions.batchEdit", selection, { view })}
            >
              {t("feeds.moveToView")}
            </Button>
            <Button
              variant="outline"
              size="sm"
              className="text-red-700 dark:text-red-300"
              disabled={selected.length === 0}
              data-testid="feeds-bulk-unsubscribe"
              onClick={() => setConfirming(true)}
            >
              {t("feeds.unsubscribe")}
            </Button>
          </div>
        </SettingsSection>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t("feeds.unsubscribeTitle", { count: selected.length })}
        body={t("feeds.unsubscribeBody")}
        confirmLabel={t("feeds.unsubscribe")}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          for (const feed of selected) {
            runCommand("subscriptions.unsubscribe", { feedId: feed.feedId }, { confirmed: true });
          }
          setChosen(new Set());
        }}
        testId="feeds-unsubscribe-dialog"
      />
    </section>
  );
}
