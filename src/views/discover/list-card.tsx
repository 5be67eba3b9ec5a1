import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import type { DiscoverList } from "../../../contract/api/discover.ts";
import { DISCOVER_LIST_ROUTE } from "../../../contract/routes.ts";
import { buttonClass } from "../../ui/button.tsx";

/** A list found in discover: its title, maker and followers; its page follows it. */
export function DiscoverListCard({ item }: { item: DiscoverList }) {
  const { t } = useTranslation("discover");
  const { list } = item;
  return (
    <article
      className="flex items-start gap-3 rounded-xl border border-zinc-200 p-4 dark:border-zinc-800"
      data-testid="discover-list"
      data-list-id={list.id}
    >
      {list.image ? <img src={list.image} alt="" className="size-10 shrink-0 rounded" /> : null}
      <div className="min-w-0 flex-1">
        <h3 className="truncate font-semibold">{list.title}</h3>
        {list.description ? (
          <p className="mt-1 line-clamp-2 text-sm text-zinc-600 dark:text-zinc-400">
            {list.description}
          </p>
        ) : null}
        <p className="mt-1 text-xs text-zinc-500">
          {item.owner ? `${t("trending.owner", { name: item.owner.name })} · ` : ""}
          {t("trending.followers", { count: item.subscriptionCount })}
        </p>
      </div>
      <Link
        to={DISCOVER_LIST_ROUTE}
        params={{ listId: list.id }}
        className={buttonClass(item.subscribed ? "outline" : "primary", "sm")}
        data-testid="discover-list-open"
      >
        {item.subscribed ? t("trending.following") : t("trending.openList")}
      </Link>
    </article>
  );
}
