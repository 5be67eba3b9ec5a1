import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import type { DiscoverRouteItem } from "../../../contract/api/discover.ts";
import { PAGE_PATHS } from "../../../contract/routes.ts";
import { buttonClass } from "../../ui/button.tsx";

/** A feed route the search words name: its builder fills the parameters, previews, follows. */
export function DiscoverRouteCard({ item }: { item: DiscoverRouteItem }) {
  const { t } = useTranslation("discover");
  const { route } = item;
  return (
    <article
      className="flex items-start gap-3 rounded-xl border border-dashed border-zinc-300 p-4 dark:border-zinc-700"
      data-testid="discover-route"
      data-route={`${item.namespace}${route.path}`}
    >
      <div className="min-w-0 flex-1">
        <p className="text-xs text-zinc-500">{t("search.routeOf", { name: item.namespaceName })}</p>
        <h3 className="truncate font-semibold">{route.name}</h3>
        <p className="truncate font-mono text-xs text-zinc-500">
          {item.exampleUrl || `rsshub://${item.namespace}${route.path}`}
        </p>
      </div>
      <Link
        to={PAGE_PATHS.rsshub}
        search={{ route: `${item.namespace}${route.path}` } as never}
        className={buttonClass("outline", "sm")}
        data-testid="discover-route-build"
      >
        {t("search.buildRoute")}
      </Link>
    </article>
  );
}
