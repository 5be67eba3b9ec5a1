import { useEffect, useMemo } from "react";
import type { CommandName } from "../../commands/index.ts";
import { onOpenQuickAdd, type ReaderContext, useCommandHost } from "../../shortcuts/index.ts";
import { useReader } from "../boot/reader-context.tsx";
import { openQuickAdd } from "../subscriptions/quick-add-store.ts";
import { requestPrompt } from "./prompts.ts";

/** The reader's dialog for a command that needs input; false when it has none. */
function prompt(name: CommandName, context: ReaderContext): boolean {
  switch (name) {
    case "subscriptions.subscribe":
      openQuickAdd({ view: context.view });
      return true;
    case "categories.rename":
      if (!context.category) return false;
      requestPrompt({ kind: "renameFolder", category: context.category });
      return true;
    case "categories.delete":
      if (!context.category) return false;
      requestPrompt({ kind: "deleteFolder", category: context.category });
      return true;
    case "subscriptions.edit":
      if (!context.feedId) return false;
      requestPrompt({ kind: "editSubscription", feedId: context.feedId });
      return true;
    default:
      return false;
  }
}

/**
 * Where the palette and the shortcuts send commands while the reader is open (its dispatch),
 * and the quick add dialog for Ctrl/Cmd+N.
 */
export function useReaderHost(currentView: number) {
  const reader = useReader();
  const host = useMemo(
    () => (reader ? { dispatch: reader.dispatch, prompt } : undefined),
    [reader],
  );
  useCommandHost(host);
  useEffect(() => onOpenQuickAdd(() => openQuickAdd({ view: currentView })), [currentView]);
}
