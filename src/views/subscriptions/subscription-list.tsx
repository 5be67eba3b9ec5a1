import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { of } from "rxjs";
import { type FeedSelection, timelineLink } from "../../../contract/routes.ts";
import { type SubscriptionItem, starredCount$, subscriptionTree$ } from "../../queries/index.ts";
import { useLiveQuery } from "../../queries/use-live-query.ts";
import { useRuntime, useRuntimeState } from "../../runtime/runtime-context.tsx";
import { useGeneralSettings } from "../../settings/hooks.ts";
import { ListIcon, StarIcon } from "../../ui/icons.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { UnreadBadge } from "../../ui/unread-badge.tsx";
import { VIEW_META } from "../shell/view-meta.tsx";
import { FeedRow } from "./feed-row.tsx";
import { FolderRow } from "./folder-row.tsx";
import { openQuickAdd } from "./quick-add-store.ts";
import { ROW, ROW_ACTIVE } from "./row-style.ts";
import { SiteGroupRow } from "./site-group-row.tsx";
import { groupBySite } from "./site-groups.ts";
import { useSubscriptionKeys } from "./use-subscription-keys.ts";

function isFeedActive(selection: FeedSelection | undefined, feedId: string | null) {
  return selection?.kind === "feed" && selection.feedId === feedId;
}

/**
 * "All", "Collections", then folders and their feeds, then feeds without a folder (those of one
 * site together when autoGroup is on).
 */
export function SubscriptionList({
  view,
  selection,
}: {
  view: number;
  selection: FeedSelection | undefined;
}) {
  const { t } = useTranslation("reader");
  const { t: tApp } = useTranslation();
  const state = useRuntimeState();
  const reader = useRuntime();
  const db = reader?.db;
  const tree = useLiveQuery(() => (db ? subscriptionTree$(db, view) : of(undefined)), [db, view]);
  const starred = useLiveQuery(() => (db ? starredCount$(db, view) : of(0)), [db, view]);
  const viewLabel = tApp(VIEW_META[view]!.labelKey);
  const { autoGroup } = useGeneralSettings();
  const bySite = groupBySite(tree?.loose ?? [], autoGroup);
  // The keys walk the rows in the order they are shown.
  const shownLoose = [...bySite.sites.flatMap((site) => site.items), ...bySite.rest];
  useSubscriptionKeys({ view, selection, tree: tree && { ...tree, loose: shownLoose } });

  if (state.status === "failed") {
    return (
      <p className="px-3 py-4 text-sm text-red-600 dark:text-red-400" role="alert">
        {t("column.databaseFailed")}
      </p>
    );
  }
  if (!tree) {
    return (
      <div className="flex justify-center py-6 text-muted">
        <Spinner size={16} label={tApp("common.loading")} />
      </div>
    );
  }

  const empty = tree.folders.length === 0 && tree.loose.length === 0;
  const nestedFeeds = (items: SubscriptionItem[]) =>
    items.map((item) => (
      <FeedRow
        key={item.id}
        item={item}
        view={view}
        nested
        active={isFeedActive(selection, item.feedId)}
      />
    ));
  return (
    <ul className="space-y-px" aria-label={t("column.subscriptionsOf", { view: viewLabel })}>
      <li>
        <Link
          {...timelineLink({ view })}
          className={`${ROW} pr-2.5 ${selection?.kind === "all" ? ROW_ACTIVE : ""}`}
          aria-current={selection?.kind === "all" ? "page" : undefined}
          data-testid="subscription-all"
        >
          <ListIcon size={16} className="shrink-0 text-muted" />
          <span className="flex-1 truncate">{t("column.all")}</span>
          <UnreadBadge count={tree.unread} testId="subscription-all-unread" />
        </Link>
      </li>
      <li>
        <Link
          {...timelineLink({ view, feed: { kind: "collections" } })}
          className={`${ROW} pr-2.5 ${selection?.kind === "collections" ? ROW_ACTIVE : ""}`}
          aria-current={selection?.kind === "collections" ? "page" : undefined}
          data-testid="subscription-collections"
        >
          <StarIcon size={16} className="shrink-0 text-amber-500" />
          <span className="flex-1 truncate">{t("column.collections")}</span>
          {starred ? (
            <span className="ml-auto text-xs tabular-nums text-muted">{starred}</span>
          ) : null}
        </Link>
      </li>
      {tree.folders.map((folder) => (
        <FolderRow
          key={folder.name}
          folder={folder}
          view={view}
          active={selection?.kind === "folder" && selection.name === folder.name}
        >
          {nestedFeeds(folder.items)}
        </FolderRow>
      ))}
      {bySite.sites.map((site) => (
        <SiteGroupRow key={site.host} group={site}>
          {nestedFeeds(site.items)}
        </SiteGroupRow>
      ))}
      {bySite.rest.map((item) => (
        <FeedRow
          key={item.id}
          item={item}
          view={view}
          active={isFeedActive(selection, item.feedId)}
        />
      ))}
      {empty ? (
        <li className="px-3 py-6 text-center text-sm text-zinc-600 dark:text-zinc-400">
          <p>{t("column.empty", { view: viewLabel })}</p>
          <button
            type="button"
            className="mt-2 font-medium text-accent-ink hover:underline"
            onClick={() => openQuickAdd({ view })}
          >
            {t("quickAdd.open")}
          </button>
        </li>
      ) : null}
    </ul>
  );
}
