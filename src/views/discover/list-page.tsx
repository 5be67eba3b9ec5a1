import { Link, useParams } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { of } from "rxjs";
import { timelineLink } from "../../../contract/routes.ts";
import type { FeedViewType } from "../../../contract/views.ts";
import { VIEW_NAMES } from "../../../contract/views.ts";
import { runCommand } from "../../commands/run.ts";
import { subscription$ } from "../../queries/index.ts";
import { useLiveQuery } from "../../queries/use-live-query.ts";
import { useRuntime } from "../../runtime/runtime-context.tsx";
import { useListPage } from "../../services/list-preview.ts";
import { Button, buttonClass } from "../../ui/button.tsx";
import { EmptyState, PageHeader } from "../page.tsx";
import { PurchaseListDialog } from "../power/purchase-list-dialog.tsx";

/**
 * /discover/list/$listId: a list's public page. Anyone signed in sees its title, description,
 * image, owner, feeds, followers and newest entries, and can follow it. A list with a fee shows
 * it (as text) and asks to pay it before following (4002 when the balance is short).
 */
export function ListPage() {
  const { t } = useTranslation("lists");
  const { t: ta } = useTranslation();
  const { t: te } = useTranslation("errors");
  const { listId = "" } = useParams({ strict: false });
  const reader = useRuntime();
  const state = useListPage(reader?.api, listId);
  const followed = useLiveQuery(
    () => (reader ? subscription$(reader.db, `list/${listId}`) : of(null)),
    [reader, listId],
  );
  const [buying, setBuying] = useState(false);
  if (state.status === "loading") {
    return <section data-testid="list-page" data-state="loading" />;
  }
  if (state.status === "failed") {
    return (
      <section data-testid="list-page" data-state="failed">
        <div className="p-6">
          <EmptyState
            title={state.code !== undefined ? te(String(state.code)) : t("page.failed")}
            body={state.message}
          />
        </div>
      </section>
    );
  }
  const { list, feeds, owner, subscriptionCount, entries } = state.data;
  const view = (list.view as FeedViewType) ?? 0;
  const follow = () =>
    reader && runCommand("lists.follow", {}, { listId: list.id, userId: reader.userId, view });
  // A list with a fee is paid for first, online; following it is then the usual command.
  const paid = list.fee > 0 && list.ownerUserId !== reader?.userId;
  return (
    <section data-testid="list-page" data-state="ready" data-list-id={list.id}>
      <PageHeader
        title={list.title}
        description={list.description ?? undefined}
        actions={
          followed ? (
            <div className="flex gap-2">
              <Link
                {...timelineLink({
                  view: followed.view,
                  feed: { kind: "list", listId: list.id },
                })}
                className={buttonClass("outline", "sm")}
              >
                {t("page.open")}
              </Link>
              <Button
                variant="outline"
                size="sm"
                data-testid="list-unfollow"
                onClick={() => runCommand("lists.unfollow", {}, { listId: list.id })}
              >
                {t("page.unfollow")}
              </Button>
            </div>
          ) : (
            <Button
              size="sm"
              data-testid="list-follow"
              disabled={!reader}
              onClick={() => (paid ? setBuying(true) : follow())}
            >
              {t("page.follow")}
            </Button>
          )
        }
      />
      {buying ? (
        <PurchaseListDialog
          list={{ id: list.id, title: list.title, fee: list.fee, view }}
          onPurchased={follow}
          onClose={() => setBuying(false)}
        />
      ) : null}
      <div className="space-y-6 p-6">
        <div className="flex flex-wrap items-center gap-4 text-sm" data-testid="list-facts">
          {list.image ? <img src={list.image} alt="" className="size-12 rounded" /> : null}
          <span>{t("page.owner", { name: owner.name ?? owner.id })}</span>
          <span data-testid="list-followers">
            {t("page.followers", { count: subscriptionCount })}
          </span>
          <span>{ta(`views.${VIEW_NAMES[view] ?? "Articles"}`)}</span>
          {list.fee > 0 ? (
            <span data-testid="list-fee">
              {t("page.fee", { fee: String(list.fee), paid: list.purchaseAmount ?? "0" })}
            </span>
          ) : null}
        </div>
        <div>
          <h2 className="font-semibold">{t("page.feeds", { count: feeds.length })}</h2>
          <ul className="mt-2 text-sm" data-testid="list-page-feeds">
            {feeds.map((feed) => (
              <li key={feed.id} className="truncate py-0.5">
                {feed.title ?? feed.url}
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="font-semibold">{t("page.recent")}</h2>
          <ul className="mt-2 text-sm" data-testid="list-page-entries">
            {entries.map((item) => (
              <li key={item.entries.id} className="truncate py-0.5">
                {item.entries.title ?? item.entries.url ?? item.entries.id}
                <span className="text-zinc-500"> · {item.feeds.title}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
