import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import type { FeedViewType } from "../../../contract/views.ts";
import { runCommand } from "../../commands/run.ts";
import { useFeedPreview } from "../../runtime/feed-preview.ts";
import { useRuntime } from "../../runtime/runtime-context.tsx";
import { useConnectivityStatus } from "../../runtime/use-sync-status.ts";
import { Button } from "../../ui/button.tsx";
import { Dialog, DialogActions } from "../../ui/dialog.tsx";
import { Checkbox, Field } from "../../ui/fields.tsx";
import { FeedPreviewCard } from "./feed-preview-card.tsx";
import { QuickAddProgress } from "./quick-add-progress.tsx";
import { closeQuickAdd, useQuickAddRequest } from "./quick-add-store.ts";
import { useAllSubscriptions, useCategories } from "./use-categories.ts";
import { ViewSelect } from "./view-select.tsx";

export interface QuickAddForm {
  url: string;
  view: number;
  category: string;
  isPrivate: boolean;
}

/** A URL without a scheme is taken as https; rsshub:// and http(s):// pass unchanged. */
function normalizeFeedUrl(input: string): string {
  const url = input.trim();
  if (url === "" || /^[a-z][a-z0-9+.-]*:\/\//i.test(url)) return url;
  return `https://${url}`;
}

/**
 * Quick add (quick follow): subscribe by a site or feed URL, in a view and folder, public or
 * private. Subscribing is a command, so it also works offline (it is sent when back online);
 * the dialog follows it until the feed and its entries are here, or shows the coded error.
 */
export function QuickAddDialog({ defaultView }: { defaultView: number }) {
  const { t } = useTranslation("reader");
  const request = useQuickAddRequest();
  return (
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
        />
      ) : null}
    </Dialog>
  );
}

function QuickAddBody({ initial }: { initial: QuickAddForm }) {
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
  const typed = normalizeFeedUrl(form.url);
  const preview = useFeedPreview(reader?.api, typed, online);

  async function submit(event: FormEvent) {
    event.preventDefault();
    // The previewed feed's own URL: the server knows it already and subscribes at once.
    const url =
      preview.status === "ready" && preview.url === typed ? preview.preview.feed.url : typed;
    if (!reader || !url) return;
    setBusy(true);
    setBefore(new Set(subscriptions.flatMap((s) => (s.feedId ? [s.feedId] : []))));
    try {
      const view = form.view as FeedViewType;
      const run = runCommand(
        "subscriptions.subscribe",
        { view },
        { url, view, category: form.category.trim() || null, isPrivate: form.isPrivate },
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
          disabled={!form.url.trim() || !reader}
          data-testid="quick-add-submit"
        >
          {t("quickAdd.submit")}
        </Button>
      </DialogActions>
    </form>
  );
}
