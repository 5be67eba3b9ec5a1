import type { FeedViewType } from "../../contract/views.ts";

/**
 * The dialogs a command opens when the context lacks what it needs (a URL, a folder name, new
 * settings). Commands name the dialog by kind; the part of the screen that owns the dialog
 * answers (the quick add dialog, a folder row, a feed row), and runs the command with what
 * the user entered.
 */
export type PromptRequest =
  | { kind: "quickAdd"; view?: FeedViewType }
  | { kind: "renameFolder" | "deleteFolder"; category: string }
  | { kind: "editSubscription" | "unsubscribe"; feedId: string }
  | { kind: "batchEditSubscriptions"; feedIds: readonly string[] }
  | { kind: "tagEntry"; entryId: string };

export interface PromptAnswerer {
  /** Whether this part of the screen owns the dialog for the request. */
  matches(request: PromptRequest): boolean;
  open(request: PromptRequest): void;
}

const answerers: PromptAnswerer[] = [];

/** Registers a dialog owner while it is mounted; returns the removal. Newest answers first. */
export function answerPrompts(answerer: PromptAnswerer): () => void {
  answerers.push(answerer);
  return () => {
    const index = answerers.lastIndexOf(answerer);
    if (index >= 0) answerers.splice(index, 1);
  };
}

function answererFor(request: PromptRequest): PromptAnswerer | undefined {
  return answerers.findLast((answerer) => answerer.matches(request));
}

/** Whether a mounted part of the screen would open this dialog now. */
export function canPrompt(request: PromptRequest): boolean {
  return answererFor(request) !== undefined;
}

/** Opens the dialog; false when nothing on screen owns it. */
export function requestPrompt(request: PromptRequest): boolean {
  const answerer = answererFor(request);
  answerer?.open(request);
  return answerer !== undefined;
}
