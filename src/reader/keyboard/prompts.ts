import { useEffect, useRef, useSyncExternalStore } from "react";

/**
 * Commands from the palette or a shortcut that need input open the reader's own dialogs:
 * rename or delete a folder, edit a subscription. The row that owns the dialog answers.
 */
export type ReaderPrompt =
  | { kind: "renameFolder" | "deleteFolder"; category: string; seq: number }
  | { kind: "editSubscription" | "unsubscribe"; feedId: string; seq: number };

type PromptInput =
  | { kind: "renameFolder" | "deleteFolder"; category: string }
  | { kind: "editSubscription" | "unsubscribe"; feedId: string };

let current: ReaderPrompt | null = null;
let seq = 0;
const listeners = new Set<() => void>();

export function requestPrompt(prompt: PromptInput) {
  current = { ...prompt, seq: ++seq } as ReaderPrompt;
  for (const listener of listeners) listener();
}

export function useReaderPrompt(): ReaderPrompt | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => null,
  );
}

/**
 * Calls `open` for each new prompt `matches` accepts, once per prompt (a row mounted later does
 * not answer an old one).
 */
export function usePromptFor(
  matches: (prompt: ReaderPrompt) => boolean,
  open: (prompt: ReaderPrompt) => void,
) {
  const prompt = useReaderPrompt();
  const handled = useRef(prompt?.seq ?? 0);
  const latest = useRef({ matches, open });
  latest.current = { matches, open };
  useEffect(() => {
    if (!prompt || prompt.seq <= handled.current) return;
    handled.current = prompt.seq;
    if (latest.current.matches(prompt)) latest.current.open(prompt);
  }, [prompt]);
}
