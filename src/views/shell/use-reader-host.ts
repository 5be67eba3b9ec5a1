import { useEffect, useMemo } from "react";
import { useCommandHost, usePromptAnswer } from "../../commands/hooks.ts";
import type { CommandHost } from "../../commands/host.ts";
import { useRuntime } from "../../runtime/runtime-context.tsx";
import { onOpenQuickAdd } from "../../shortcuts/index.ts";
import { openQuickAdd } from "../subscriptions/quick-add-store.ts";
import { offerMarkAllReadUndo } from "../timeline/mark-all-read-undo.ts";
import { keepVisible } from "../timeline/sticky-reads.ts";

/**
 * Where commands run while the reader is open: its dispatch, and its timeline for the view
 * effects (rows just read stay). Also the quick add dialog, for subscriptions.subscribe's
 * prompt and for Ctrl/Cmd+N.
 */
export function useReaderHost(currentView: number) {
  const reader = useRuntime();
  const host = useMemo<CommandHost | undefined>(
    () =>
      reader
        ? {
            dispatch: reader.dispatch,
            view: {
              keepVisible,
              offerMarkAllReadUndo: (scope) => offerMarkAllReadUndo(reader.db, scope),
            },
          }
        : undefined,
    [reader],
  );
  useCommandHost(host);
  usePromptAnswer(
    (request) => request.kind === "quickAdd",
    (request) => openQuickAdd({ view: request.kind === "quickAdd" ? request.view : undefined }),
  );
  useEffect(() => onOpenQuickAdd(() => openQuickAdd({ view: currentView })), [currentView]);
}
