import { useNavigate } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { timelineLink } from "../../../contract/routes.ts";
import type { SubscriptionItem } from "../../queries/index.ts";
import { Button } from "../../ui/button.tsx";
import { CheckIcon } from "../../ui/icons.tsx";
import { closeQuickAdd } from "./quick-add-store.ts";

/**
 * Quick add on a feed already followed: says so (and in which folder) and offers to open or
 * edit it instead of subscribing again, which would move it to the dialog's view and folder.
 */
export function AlreadyFollowed(props: { item: SubscriptionItem; onEdit(): void }) {
  const { t } = useTranslation("reader");
  const navigate = useNavigate();
  const { item } = props;
  const open = () => {
    closeQuickAdd();
    void navigate(timelineLink({ view: item.view, feed: item.feedId ?? "" }));
  };
  return (
    <div
      className="rounded-xl border border-accent/30 bg-accent-soft p-3 text-sm"
      data-testid="quick-add-followed"
      data-feed-id={item.feedId ?? ""}
      role="status"
    >
      <p className="flex items-start gap-2">
        <CheckIcon size={16} className="mt-0.5 shrink-0 text-accent" />
        <span>
          {item.category
            ? t("quickAddChecks.followedIn", { title: item.title, folder: item.category })
            : t("quickAddChecks.followed", { title: item.title })}
        </span>
      </p>
      <div className="mt-2 flex justify-end gap-2">
        <Button variant="ghost" onClick={props.onEdit} data-testid="quick-add-followed-edit">
          {t("quickAddChecks.edit")}
        </Button>
        <Button onClick={open} data-testid="quick-add-followed-open">
          {t("quickAddChecks.open")}
        </Button>
      </div>
    </div>
  );
}
