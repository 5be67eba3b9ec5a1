import { Link } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import type { DiscoverItem } from "../../../contract/api/discover.ts";
import { PAGE_PATHS } from "../../../contract/routes.ts";
import { isFeedResult, isListResult, isRouteResult, useDiscover } from "../../runtime/discover.ts";
import { useRuntime } from "../../runtime/runtime-context.tsx";
import { useUISettings } from "../../settings/hooks.ts";
import { Button } from "../../ui/button.tsx";
import { SearchIcon } from "../../ui/icons.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { openQuickAdd } from "../subscriptions/quick-add-store.ts";
import { discoverLanguageName } from "./discover-language-label.ts";
import { DiscoverRouteCard } from "./discover-route-card.tsx";
import { DiscoverListCard } from "./list-card.tsx";

/**
 * Discover's search: words find the feeds or the lists this server knows (and the feed routes
 * they name), an address is discovered.
 */
export function DiscoverSearch() {
  const { t } = useTranslation("search");
  const reader = useRuntime();
  const [typed, setTyped] = useState("");
  const [submitted, setSubmitted] = useState("");
  const [target, setTarget] = useState<"feeds" | "lists">("feeds");
  const { discoverLanguage } = useUISettings();
  const state = useDiscover(reader?.api, typed, submitted, discoverLanguage, target);

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
      <DiscoverTargetPicker target={target} onChange={setTarget} />
      <DiscoverLanguageNote />
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
          ? state.items.map((item) =>
              isFeedResult(item) ? (
                <DiscoverCard key={item.feed.id} item={item} />
              ) : isListResult(item) ? (
                <DiscoverListCard key={item.list.id} item={item} />
              ) : isRouteResult(item) ? (
                <DiscoverRouteCard key={`${item.namespace}${item.route.path}`} item={item} />
              ) : null,
            )
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

/** Whether words look for feeds or for lists. */
function DiscoverTargetPicker({
  target,
  onChange,
}: {
  target: "feeds" | "lists";
  onChange: (target: "feeds" | "lists") => void;
}) {
  const { t } = useTranslation("discover");
  return (
    <fieldset className="mt-2 flex gap-1 text-sm">
      <legend className="sr-only">{t("search.target")}</legend>
      {(["feeds", "lists"] as const).map((value) => (
        <button
          key={value}
          type="button"
          aria-pressed={target === value}
          onClick={() => onChange(value)}
          data-testid={`discover-target-${value}`}
          className={`rounded-md px-2 py-1 ${
            target === value
              ? "bg-zinc-200 font-medium dark:bg-zinc-800"
              : "text-zinc-500 hover:bg-zinc-100 dark:hover:bg-zinc-900"
          }`}
        >
          {t(`search.${value}`)}
        </button>
      ))}
    </fieldset>
  );
}

/** Which language the results are narrowed to, and where to change it. */
function DiscoverLanguageNote() {
  const { t, i18n } = useTranslation("onboarding");
  const { discoverLanguage } = useUISettings();
  if (discoverLanguage === "all") return null;
  return (
    <p className="mt-2 text-xs text-zinc-500" data-testid="discover-language-note">
      {t("discoverLanguage.note", {
        language: discoverLanguageName(discoverLanguage, i18n.language),
      })}{" "}
      <Link to={PAGE_PATHS.appearanceSettings} className="text-accent underline">
        {t("discoverLanguage.change")}
      </Link>
    </p>
  );
}
