import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { firstValueFrom } from "rxjs";
import type { FeedViewType } from "../../../contract/views.ts";
import { runCommand } from "../../commands/run.ts";
import { allSubscriptions$, type SubscriptionItem } from "../../queries/index.ts";
import { useRuntime } from "../../runtime/runtime-context.tsx";
import { useConnectivityStatus } from "../../runtime/use-sync-status.ts";
import { useFeedPreview } from "../../services/feed-preview.ts";
import { Button } from "../../ui/button.tsx";
import { Dialog, DialogActions } from "../../ui/dialog.tsx";
import { Checkbox, Field } from "../../ui/fields.tsx";
import { AlreadyFollowed } from "./already-followed.tsx";
import { EditSubscriptionDialog } from "./edit-subscription-dialog.tsx";
import { FeedPreviewCard } from "./feed-preview-card.tsx";
import { QuickAddProgress } from "./quick-add-progress.tsx";
import { closeQuickAdd, useQuickAddRequest } from "./quick-add-store.ts";
import { followedSubscription, quickAddTarget } from "./quick-add-target.ts";
import { useAllSubscriptions, useCategories } from "./use-categories.ts";
import { ViewSelect } from "./view-select.tsx";

export interface QuickAddForm {
  url: string;
  view: number;
  category: string;
  isPrivate: boolean;
}

/**
 * Quick add (quick follow): subscribe by a site or feed URL, in a view and folder, public or
 * private. Subscribing is a command, so it also works offline (it is sent when back online);
 * the dialog follows it until the feed and its entries are here, or shows the coded error.
 */
export function QuickAddDialog({ defaultView }: { defaultView: number }) {
  const { t } = useTranslation("reader");
  const request = useQuickAddRequest();
  // "Edit" on a feed already followed: the quick add closes, the subscription's dialog opens.
  const [editing, setEditing] = useState<SubscriptionItem | null>(null);
  return (
    <>
      {editing ? (
        <EditSubscriptionDialog open item={editing} onClose={() => setEditing(null)} />
      ) : null}
      <Dialog
        open={request !== null}
        onClose={closeQuickAdd}
        title={t("quickAdd.title")}
        description={t("quickAdd.description")}
        testId="quick-add-dialog"
        wide
      >
        {request ? (
          <QuickAddBody
            initial={{
              url: request.url ?? "",
              view: request.view ?? defaultView,
              category: "",
              isPrivate: false,
            }}
            onEdit={(item) => {
              closeQuickAdd();
              setEditing(item);
            }}
          />
        ) : null}
      </Dialog>
    </>
  );
}

function QuickAddBody({
  initial,
  onEdit,
}: {
  initial: QuickAddForm;
  onEdit(item: SubscriptionItem): void;
}) {
  const { t } = useTranslation("reader");
  const reader = useRuntime();
  const categories = useCategories();
  const [form, setForm] = useState(initial);
  const [commandId, setCommandId] = useState<string | null>(null);
  const [sentUrl, setSentUrl] = useState("");
  const subscriptions = useAllSubscriptions();
  const [before, setBefore] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const update = (change: Partial<QuickAddForm>) =>
    setForm((current) => ({ ...current, ...change }));
  const online = useConnectivityStatus() === "online";
  const target = quickAddTarget(form.url);
  const typed = target.kind === "url" ? target.url : "";
  const preview = useFeedPreview(
    reader?.api,
    { url: typed, invalid: target.kind === "invalid" ? target.text : null },
    online,
  );
  const previewed =
    preview.status === "ready" && preview.input === typed ? preview.data.feed.id : null;
  const followed = followedSubscription(subscriptions, typed, previewed);
  // The server says it is followed even before this device has the subscription (made on
  // another one): subscribing again would move it to this dialog's view.
  const followedElsewhere =
    preview.status === "ready" && preview.input === typed && Boolean(preview.data.subscription);
  // Nothing to send: no address, one the preview refused, or a feed already followed.
  const blocked =
    target.kind !== "url" ||
    (preview.status === "failed" && preview.input === typed) ||
    followed !== null ||
    followedElsewhere;

  async function submit(event: FormEvent) {
    event.preventDefault();
    // The previewed feed's own URL: the server knows it already and subscribes at once.
    const url =
      preview.status === "ready" && preview.input === typed ? preview.data.feed.url : typed;
    if (!reader || !url || blocked) return;
    setBusy(true);
    try {
      // Read from the database, not the list on screen: right after the dialog opens that
      // list may not have loaded yet, and an empty "before" would name an old feed as new.
      const known = await firstValueFrom(allSubscriptions$(reader.db));
      setBefore(new Set(known.flatMap((s) => (s.feedId ? [s.feedId] : []))));
      const view = form.view as FeedViewType;
      const run = runCommand(
        "subscriptions.subscribe",
        { view },
        // No folder named: none is sent, so a feed followed already stays in its folder.
        { url, view, category: form.category.trim() || undefined, isPrivate: form.isPrivate },
      );
      if (run.status !== "dispatched") return;
      const meta = await run.done;
      setSentUrl(url);
      setCommandId(meta.commandId);
    } finally {
      setBusy(false);
    }
  }

  if (commandId && reader) {
    return (
      <QuickAddProgress
        reader={reader}
        commandId={commandId}
        form={{ ...form, url: sentUrl }}
        before={before}
        onRetry={() => setCommandId(null)}
      />
    );
  }

  return (
    <form onSubmit={submit} className="space-y-3" data-testid="quick-add-form">
      <Field
        label={t("quickAdd.url")}
        value={form.url}
        onChange={(event) => update({ url: event.target.value })}
        placeholder="https://example.com/feed.xml"
        inputMode="url"
        autoComplete="url"
        data-autofocus
        required
        maxLength={2048}
        data-testid="quick-add-url"
      />
      <FeedPreviewCard state={preview} />
      {followed ? <AlreadyFollowed item={followed} onEdit={() => onEdit(followed)} /> : null}
      <div className="grid grid-cols-2 gap-3">
        <ViewSelect
          label={t("quickAdd.view")}
          value={form.view}
          onChange={(view) => update({ view })}
          data-testid="quick-add-view"
        />
        <Field
          label={t("quickAdd.category")}
          value={form.category}
          suggestions={categories}
          maxLength={200}
          onChange={(event) => update({ category: event.target.value })}
          data-testid="quick-add-category"
        />
      </div>
      <Checkbox
        label={t("quickAdd.private")}
        checked={form.isPrivate}
        onChange={(event) => update({ isPrivate: event.target.checked })}
        data-testid="quick-add-private"
      />
      <DialogActions>
        <Button variant="ghost" onClick={closeQuickAdd}>
          {t("dialog.cancel")}
        </Button>
        <Button
          type="submit"
          loading={busy}
          disabled={blocked || !reader}
          data-testid="quick-add-submit"
        >
          {t("quickAdd.submit")}
        </Button>
      </DialogActions>
    </form>
  );
}
