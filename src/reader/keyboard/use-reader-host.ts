import { useEffect, useMemo } from "react";
import type { CommandName } from "../../commands/index.ts";
import { onOpenQuickAdd, type ReaderContext, useCommandHost } from "../../shortcuts/index.ts";
import { useReader } from "../../runtime/runtime-context.tsx";
import { openQuickAdd } from "../subscriptions/quick-add-store.ts";
import { requestPrompt } from "./prompts.ts";

/**
 * The reader's dialog for a command that needs input here, or undefined when it has none
 * (the palette then shows the command disabled instead of running nothing).
 */
function promptFor(name: CommandName, context: ReaderContext): (() => void) | undefined {
  const { category, feedId } = context;
  switch (name) {
    case "subscriptions.subscribe":
      return () => openQuickAdd({ view: context.view });
    case "categories.rename":
      return category ? () => requestPrompt({ kind: "renameFolder", category }) : undefined;
    case "categories.delete":
      return category ? () => requestPrompt({ kind: "deleteFolder", category }) : undefined;
    case "subscriptions.edit":
      return feedId ? () => requestPrompt({ kind: "editSubscription", feedId }) : undefined;
    default:
      return undefined;
  }
}

function prompt(name: CommandName, context: ReaderContext): boolean {
  const open = promptFor(name, context);
  open?.();
  return open !== undefined;
}

function canPrompt(name: CommandName, context: ReaderContext): boolean {
  return promptFor(name, context) !== undefined;
}

/**
 * Where the palette and the shortcuts send commands while the reader is open (its dispatch),
 * and the quick add dialog for Ctrl/Cmd+N.
 */
export function useReaderHost(currentView: number) {
  const reader = useReader();
  const host = useMemo(
    () => (reader ? { dispatch: reader.dispatch, prompt, canPrompt } : undefined),
    [reader],
  );
  useCommandHost(host);
  useEffect(() => onOpenQuickAdd(() => openQuickAdd({ view: currentView })), [currentView]);
}
