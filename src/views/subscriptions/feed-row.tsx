import { Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { timelineLink } from "../../../contract/routes.ts";
import { usePromptAnswer } from "../../commands/hooks.ts";
import { runCommand } from "../../commands/run.ts";
import type { SubscriptionItem } from "../../queries/index.ts";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { AlertIcon, LockIcon } from "../../ui/icons.tsx";
import { MenuItem, MenuLink, MenuSeparator, RowMenu } from "../../ui/menu.tsx";
import { Tooltip } from "../../ui/tooltip.tsx";
import { UnreadBadge } from "../../ui/unread-badge.tsx";
import { useFeedPowerMenu } from "../power/feed-power-menu.tsx";
import { EditSubscriptionDialog } from "./edit-subscription-on-demand.tsx";
import { FeedIcon } from "./feed-icon.tsx";
import { formatRetryTime } from "./retry-time.ts";
import { ROW, ROW_ACTIVE } from "./row-style.ts";

/** The route segment a subscription opens: its feed, list or inbox. */
function subscriptionParam(item: SubscriptionItem): string | null {
  if (item.feedId) return item.feedId;
  if (item.listId) return `list-${item.listId}`;
  if (item.inboxId) return `inbox-${item.inboxId}`;
  return null;
}

/** One subscription: opens its timeline; its menu edits, marks read, opens the site, unfollows. */
export function FeedRow(props: {
  item: SubscriptionItem;
  view: number;
  active: boolean;
  nested?: boolean;
}) {
  const { item, view } = props;
  const { t } = useTranslation("reader");
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const [dialog, setDialog] = useState<"edit" | "unsubscribe" | null>(null);
  usePromptAnswer(
    (prompt) =>
      (prompt.kind === "editSubscription" || prompt.kind === "unsubscribe") &&
      prompt.feedId === item.feedId,
    (prompt) => setDialog(prompt.kind === "editSubscription" ? "edit" : "unsubscribe"),
    Boolean(item.feedId && !item.pending),
  );
  const power = useFeedPowerMenu({ feedId: item.feedId ?? "", title: item.title ?? "" }, () =>
    setMenuOpen(false),
  );
  const param = subscriptionParam(item);
  const testId = `subscription-${item.feedId ?? item.id}`;

  const label = (
    <>
      <FeedIcon
        title={item.title}
        image={item.image}
        feedId={item.type === "feed" && !item.pending ? item.feedId : null}
      />
      <span className="min-w-0 flex-1 truncate" data-testid="subscription-title">
        {item.title}
      </span>
      {item.isPrivate ? (
        <LockIcon size={12} className="shrink-0 text-muted" aria-label={t("feed.private")} />
      ) : null}
    </>
  );
  const row =
    param && !item.pending ? (
      <Link
        {...timelineLink({ view, feed: param })}
        className={`${ROW} ${props.nested ? "pl-7" : ""} ${props.active ? ROW_ACTIVE : ""}`}
        aria-current={props.active ? "page" : undefined}
        data-testid={testId}
        data-unread={item.unread}
      >
        {label}
        <UnreadBadge count={item.unread} />
      </Link>
    ) : (
      <span
        className={`${ROW} ${props.nested ? "pl-7" : ""} italic text-muted`}
        data-testid="subscription-pending"
      >
        {label}
        <span className="ml-auto text-xs">{t("feed.subscribing")}</span>
      </span>
    );

  if (item.pending || !item.feedId) return <li>{row}</li>;
  const feedId = item.feedId;
  const close = () => setMenuOpen(false);

  return (
    <li>
      <RowMenu
        open={menuOpen}
        onOpenChange={setMenuOpen}
        label={t("feed.menu", { title: item.title })}
        testId={testId}
        row={
          <>
            {row}
            {item.errorAt || item.errorMessage ? (
              <span className="absolute right-9 flex">
                <Tooltip
                  label={t("feed.errorLabel")}
                  content={[
                    t("feed.error", {
                      message: item.errorMessage ?? "",
                      time: item.errorAt ?? "",
                    }),
                    item.nextRetryAt
                      ? t("feed.nextRetry", { time: formatRetryTime(item.nextRetryAt) })
                      : "",
                  ]
                    .filter(Boolean)
                    .join(" ")}
                  testId={`${testId}-error`}
                >
                  <AlertIcon size={14} className="text-red-500" />
                </Tooltip>
              </span>
            ) : null}
          </>
        }
      >
        <MenuItem
          testId="menu-mark-read"
          onSelect={() => {
            close();
            runCommand("entries.markAllRead", { selection: "feed", feedId });
          }}
        >
          {t("menu.markAllRead")}
        </MenuItem>
        <MenuItem
          testId="menu-edit"
          onSelect={() => {
            close();
            setDialog("edit");
          }}
        >
          {t("menu.edit")}
        </MenuItem>
        {item.siteUrl ? (
          <MenuLink href={item.siteUrl} onSelect={close}>
            {t("menu.openSite")}
          </MenuLink>
        ) : null}
        {power.items}
        <MenuSeparator />
        <MenuItem
          danger
          testId="menu-unsubscribe"
          onSelect={() => {
            close();
            setDialog("unsubscribe");
          }}
        >
          {t("menu.unsubscribe")}
        </MenuItem>
      </RowMenu>
      {power.dialogs}
      <EditSubscriptionDialog
        open={dialog === "edit"}
        item={item}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        open={dialog === "unsubscribe"}
        title={t("unsubscribe.title", { title: item.title })}
        body={t("unsubscribe.body")}
        confirmLabel={t("menu.unsubscribe")}
        testId="unsubscribe-dialog"
        onClose={() => setDialog(null)}
        onConfirm={() => {
          runCommand("subscriptions.unsubscribe", { feedId }, { confirmed: true });
          if (props.active) {
            void navigate(timelineLink({ view }));
          }
        }}
      />
    </li>
  );
}
