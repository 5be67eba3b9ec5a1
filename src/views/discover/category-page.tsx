import { Link, useParams } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PAGE_PATHS } from "../../../contract/routes.ts";
import { useRuntime } from "../../runtime/runtime-context.tsx";
import { useCategoryPage } from "../../services/discover-reads.ts";
import { buttonClass } from "../../ui/button.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { EmptyState, PageHeader } from "../page.tsx";
import { isDiscoverCategory } from "./categories.ts";
import { FeedCard } from "./feed-card.tsx";
import { DiscoverListCard } from "./list-card.tsx";

/**
 * /discover/category/$category: this server's feeds and lists filed under the category, most
 * followed first, and the feed routes of the category when the server has a feed-route instance.
 */
export function DiscoverCategoryPage() {
  const { t } = useTranslation();
  const { t: td } = useTranslation("discover");
  const { category = "" } = useParams({ strict: false });
  const reader = useRuntime();
  const state = useCategoryPage(reader?.api, category);
  const label = isDiscoverCategory(category) ? t(`discover.categories.${category}`) : category;
  const routes =
    state.status === "ready"
      ? Object.entries(state.data.namespaces).flatMap(([id, namespace]) =>
          Object.values(namespace.routes).map((route) => ({ id, namespace, route })),
        )
      : [];
  const empty =
    state.status === "ready" &&
    state.data.feeds.length + state.data.lists.length + routes.length === 0;
  return (
    <section
      data-testid="discover-category-page"
      data-category={category}
      data-state={state.status}
    >
      <PageHeader
        title={label}
        description={t("pages.discoverCategory.description", { category: label })}
        actions={
          <Link to={PAGE_PATHS.discover} className={buttonClass("outline", "sm")}>
            {t("pages.discoverCategory.back")}
          </Link>
        }
      />
      <div className="space-y-8 p-6">
        {state.status === "loading" ? <Spinner size={24} /> : null}
        {state.status === "failed" ? (
          <EmptyState title={td("category.failed")} body={state.message} />
        ) : null}
        {empty ? (
          <div data-testid="discover-category-empty">
            <EmptyState
              title={td("category.emptyTitle")}
              body={td("category.emptyBody", { label })}
            />
          </div>
        ) : null}
        {state.status === "ready" ? (
          <>
            <Group
              title={td("category.feeds")}
              testId="category-feeds"
              shown={state.data.feeds.length > 0}
            >
              {state.data.feeds.map((item) => (
                <FeedCard key={item.feed.id} item={item} />
              ))}
            </Group>
            <Group
              title={td("category.lists")}
              testId="category-lists"
              shown={state.data.lists.length > 0}
            >
              {state.data.lists.map((item) => (
                <DiscoverListCard key={item.list.id} item={item} />
              ))}
            </Group>
            <Group title={td("category.routes")} testId="category-routes" shown={routes.length > 0}>
              <ul className="space-y-2">
                {routes.slice(0, 100).map(({ id, namespace, route }) => (
                  <li
                    key={`${id}${route.path}`}
                    className="flex items-center gap-3 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800"
                  >
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-medium">
                        {namespace.name} · {route.name}
                      </span>
                      <span className="block truncate font-mono text-xs text-zinc-500">
                        /{id}
                        {route.path}
                      </span>
                    </span>
                    <Link
                      to={PAGE_PATHS.rsshub}
                      search={{ route: `${id}${route.path}` } as never}
                      className={buttonClass("outline", "sm")}
                    >
                      {td("category.buildRoute")}
                    </Link>
                  </li>
                ))}
              </ul>
            </Group>
          </>
        ) : null}
      </div>
    </section>
  );
}

function Group(props: { title: string; testId: string; shown: boolean; children: ReactNode }) {
  if (!props.shown) return null;
  return (
    <div data-testid={props.testId}>
      <h2 className="mb-3 text-sm font-semibold text-zinc-500 dark:text-zinc-400">{props.title}</h2>
      <div className="space-y-3">{props.children}</div>
    </div>
  );
}
