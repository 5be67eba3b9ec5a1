import { useTranslation } from "react-i18next";
import type { PreviewState } from "../../services/feed-preview.ts";
import { relativeTime } from "../../ui/format.ts";
import { AlertIcon } from "../../ui/icons.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { FeedIcon } from "./feed-icon.tsx";
import { type UpdateCadence, updateCadence } from "./update-cadence.ts";

function hostOf(url: string | null): string {
  if (!url) return "";
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** The quick add dialog's look at the feed before subscribing (or why there is none). */
export function FeedPreviewCard({ state }: { state: PreviewState }) {
  const { t, i18n } = useTranslation("reader");
  const cadenceText = (cadence: UpdateCadence) =>
    "count" in cadence ? t(cadence.key, { count: cadence.count }) : t(cadence.key);
  if (state.status === "idle") return null;
  if (state.status === "loading") {
    return (
      <p
        className="flex items-center gap-2 text-sm text-zinc-500 dark:text-zinc-400"
        data-testid="quick-add-preview-loading"
      >
        <Spinner size={16} />
        {t("quickAdd.previewLoading")}
      </p>
    );
  }
  if (state.status === "invalid") {
    return (
      <p
        className="flex items-start gap-2 text-sm text-amber-700 dark:text-amber-400"
        data-testid="quick-add-preview-invalid"
        role="status"
      >
        <AlertIcon size={16} className="mt-0.5 shrink-0" />
        <span>{t("quickAddChecks.notUrl")}</span>
      </p>
    );
  }
  if (state.status === "failed") {
    return (
      <p
        className="flex items-start gap-2 text-sm text-red-600 dark:text-red-400"
        data-testid="quick-add-preview-error"
        data-code={state.code ?? ""}
        role="alert"
      >
        <AlertIcon size={16} className="mt-0.5 shrink-0" />
        <span>
          {state.message}
          {state.code !== undefined ? (
            <span className="ml-1 text-xs opacity-70">
              ({t("quickAdd.code", { code: state.code })})
            </span>
          ) : null}
          {state.reason ? (
            <span className="mt-1 block text-xs" data-testid="quick-add-preview-reason">
              {state.reason}
            </span>
          ) : null}
        </span>
      </p>
    );
  }
  const { feed, entries, analytics, subscription } = state.data;
  const title = feed.title || hostOf(feed.siteUrl ?? feed.url);
  return (
    <section
      className="rounded-xl border border-zinc-200 p-3 dark:border-zinc-800"
      aria-label={t("quickAdd.previewLabel")}
      data-testid="quick-add-preview"
      data-feed-id={feed.id}
    >
      <div className="flex items-start gap-3">
        <FeedIcon title={title} image={feed.image} size={32} />
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold" data-testid="quick-add-preview-title">
            {title}
          </p>
          <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">
            {hostOf(feed.siteUrl ?? feed.url)}
            {analytics ? ` · ${cadenceText(updateCadence(analytics.updatesPerWeek))}` : ""}
            {analytics?.subscriptionCount
              ? ` · ${t("quickAdd.followers", { count: analytics.subscriptionCount })}`
              : ""}
          </p>
        </div>
        {subscription ? (
          <span
            className="shrink-0 rounded-full bg-accent-soft px-2 py-0.5 text-xs text-accent"
            data-testid="quick-add-preview-following"
          >
            {t("quickAdd.following")}
          </span>
        ) : null}
      </div>
      {feed.description ? (
        <p className="mt-2 line-clamp-2 text-sm text-zinc-600 dark:text-zinc-300">
          {feed.description}
        </p>
      ) : null}
      {entries.length > 0 ? (
        <ul className="mt-2 space-y-1 border-t border-zinc-100 pt-2 dark:border-zinc-800">
          {entries.map((entry) => (
            <li
              key={entry.id}
              className="flex items-baseline gap-2 text-sm"
              data-testid="quick-add-preview-entry"
            >
              <span className="min-w-0 flex-1 truncate">{entry.title || entry.url}</span>
              <time
                dateTime={entry.publishedAt}
                className="shrink-0 text-xs text-zinc-500 dark:text-zinc-400"
              >
                {relativeTime(entry.publishedAt, i18n.language)}
              </time>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-zinc-500 dark:text-zinc-400">{t("quickAdd.noEntries")}</p>
      )}
    </section>
  );
}
