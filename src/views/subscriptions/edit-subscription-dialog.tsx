import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import type { FeedViewType } from "../../../contract/views.ts";
import { runCommand } from "../../commands/run.ts";
import type { SubscriptionItem } from "../../queries/index.ts";
import { Dialog } from "../../ui/dialog.tsx";
import { Checkbox, Field } from "../../ui/fields.tsx";
import { FolderField, SaveActions } from "./subscription-fields.tsx";
import { ViewSelect } from "./view-select.tsx";

/** Title, folder, view and privacy of one subscription (subscriptions.edit). */
export function EditSubscriptionDialog(props: {
  open: boolean;
  item: SubscriptionItem;
  onClose(): void;
}) {
  const { t } = useTranslation("reader");
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      title={t("edit.title")}
      description={props.item.url ?? undefined}
      testId="edit-subscription-dialog"
    >
      <EditForm item={props.item} onDone={props.onClose} />
    </Dialog>
  );
}

function EditForm({ item, onDone }: { item: SubscriptionItem; onDone(): void }) {
  const { t } = useTranslation("reader");
  const [title, setTitle] = useState(item.customTitle ?? "");
  const [category, setCategory] = useState(item.category ?? "");
  const [view, setView] = useState(item.view);
  const [isPrivate, setPrivate] = useState(item.isPrivate);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!item.feedId) return;
    runCommand(
      "subscriptions.edit",
      { feedId: item.feedId },
      {
        title: title.trim() || null,
        category: category.trim() || null,
        view: view as FeedViewType,
        isPrivate,
      },
    );
    onDone();
  }

  return (
    <form onSubmit={submit} className="space-y-3">
      <Field
        label={t("edit.name")}
        value={title}
        placeholder={item.title}
        maxLength={300}
        onChange={(event) => setTitle(event.target.value)}
        data-testid="edit-title"
        data-autofocus
      />
      <FolderField value={category} onChange={setCategory} testId="edit-category" />
      <ViewSelect label={t("edit.view")} value={view} onChange={setView} data-testid="edit-view" />
      <Checkbox
        label={t("edit.private")}
        checked={isPrivate}
        onChange={(event) => setPrivate(event.target.checked)}
        data-testid="edit-private"
      />
      <SaveActions onCancel={onDone} saveTestId="edit-save" />
    </form>
  );
}
