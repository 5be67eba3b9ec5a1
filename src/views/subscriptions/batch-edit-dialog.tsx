import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import type { FeedViewType } from "../../../contract/views.ts";
import { usePromptAnswer } from "../../commands/hooks.ts";
import { runCommand } from "../../commands/run.ts";
import { Dialog } from "../../ui/dialog.tsx";
import { FolderField, SaveActions } from "./subscription-fields.tsx";
import { useAllSubscriptions } from "./use-categories.ts";
import { ViewSelect } from "./view-select.tsx";

/**
 * Moves the feeds of a selection of several (a folder, a list of feeds) to one folder and
 * view at once: subscriptions.batchEdit's dialog, opened from the palette.
 */
export function BatchEditDialog({ defaultView }: { defaultView: number }) {
  const { t } = useTranslation("reader");
  const [feedIds, setFeedIds] = useState<readonly string[] | null>(null);
  usePromptAnswer(
    (request) => request.kind === "batchEditSubscriptions",
    (request) => request.kind === "batchEditSubscriptions" && setFeedIds(request.feedIds),
  );
  const close = () => setFeedIds(null);
  return (
    <Dialog
      open={feedIds !== null}
      onClose={close}
      title={t("batchEdit.title", { count: feedIds?.length ?? 0 })}
      testId="batch-edit-dialog"
    >
      {feedIds ? (
        <BatchEditForm feedIds={feedIds} defaultView={defaultView} onDone={close} />
      ) : null}
    </Dialog>
  );
}

function BatchEditForm(props: { feedIds: readonly string[]; defaultView: number; onDone(): void }) {
  const { t } = useTranslation("reader");
  const chosen = useAllSubscriptions().filter((s) => s.feedId && props.feedIds.includes(s.feedId));
  // Start from what the feeds share, so saving unchanged changes nothing.
  const shared = <T,>(values: T[]) => (new Set(values).size === 1 ? values[0] : undefined);
  const [category, setCategory] = useState(shared(chosen.map((s) => s.category ?? "")) ?? "");
  const [view, setView] = useState(shared(chosen.map((s) => s.view)) ?? props.defaultView);

  function submit(event: FormEvent) {
    event.preventDefault();
    runCommand(
      "subscriptions.batchEdit",
      { feedIds: props.feedIds },
      { category: category.trim() || null, view: view as FeedViewType },
    );
    props.onDone();
  }

  return (
    <form onSubmit={submit} className="space-y-3">
      <FolderField value={category} onChange={setCategory} testId="batch-edit-category" autoFocus />
      <ViewSelect
        label={t("edit.view")}
        value={view}
        onChange={setView}
        data-testid="batch-edit-view"
      />
      <SaveActions onCancel={props.onDone} saveTestId="batch-edit-save" />
    </form>
  );
}
