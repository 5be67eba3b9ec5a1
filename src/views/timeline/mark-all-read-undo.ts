import { runCommand } from "../../commands/run.ts";
import type { MarkAllReadScope } from "../../commands/types.ts";
import { i18n } from "../../i18n/index.ts";
import { unreadEntryIdsIn } from "../../queries/unread-in-scope.ts";
import { withToast } from "../../ui/toaster.tsx";

/** How long the undo stays offered. */
const UNDO_TOAST_MS = 8000;

/**
 * Mark all read, undoable: the unread entries stored here are noted before it runs, and Undo
 * marks each unread again (compensating commands, sent after it, so it works synced or not).
 */
export async function offerMarkAllReadUndo(
  db: Parameters<typeof unreadEntryIdsIn>[0],
  scope: MarkAllReadScope,
) {
  const ids = await unreadEntryIdsIn(db, scope);
  if (ids.length === 0) return;
  withToast((toast) =>
    toast.success(i18n.t("reader:markAllReadUndo.done", { count: ids.length }), {
      duration: UNDO_TOAST_MS,
      action: {
        label: i18n.t("reader:markAllReadUndo.undo"),
        onClick: () => undoMarkAllRead(ids),
      },
    }),
  );
}

export function undoMarkAllRead(entryIds: readonly string[]) {
  for (const entryId of entryIds) {
    runCommand("entries.markUnread", { entryId, entryRead: true });
  }
}
