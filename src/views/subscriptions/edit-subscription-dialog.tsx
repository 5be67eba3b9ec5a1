import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { FeedViewType } from "../../../contract/views.ts";
import { runCommand } from "../../commands/run.ts";
import type { SubscriptionItem } from "../../queries/index.ts";
import { useRuntime } from "../../runtime/runtime-context.tsx";
import { useRead } from "../../services/server-read.ts";
import {
  fetchSubscriptionNotify,
  rememberSubscriptionNotify,
} from "../../services/subscription-notify.ts";
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
  const notify = useServerNotify(item.feedId);

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
        // Sent only once the server said what it was, and only when changed.
        ...(notify.loaded && notify.value !== notify.initial ? { notify: notify.value } : {}),
      },
    );
    if (notify.loaded && notify.value !== notify.initial) {
      rememberSubscriptionNotify(item.feedId, notify.value);
    }
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
      <Checkbox
        label={t("ai:subscriptionNotify.label")}
        checked={notify.value}
        disabled={!notify.loaded}
        onChange={(event) => notify.set(event.target.checked)}
        data-testid="edit-notify"
      />
      <SaveActions onCancel={onDone} saveTestId="edit-save" />
    </form>
  );
}

/** The subscription's "notify on new entries", as the server keeps it. */
function useServerNotify(feedId: string | null | undefined) {
  const reader = useRuntime();
  const read = useRead(reader?.api, feedId || null, fetchSubscriptionNotify);
  const initial = read.status === "ready" ? read.data : null;
  const [value, set] = useState(false);
  // The box starts as the server has it.
  useEffect(() => {
    if (initial !== null) set(initial);
  }, [initial]);
  return { loaded: initial !== null, initial, value, set };
}
