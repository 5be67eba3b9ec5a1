import { MAX_HIGHLIGHT_TEXT } from "../../../contract/entities/highlight.ts";
import { describeRange } from "../../../contract/highlights/anchor.ts";
import { createIdGenerator } from "../../../contract/ids.ts";
import { runCommand } from "../../commands/run.ts";
import type { HighlightColor } from "./highlight-colors.ts";
import { plainText, selectionRange } from "./text-marks.ts";

const nextHighlightId = createIdGenerator({ worker: Math.floor(Math.random() * 1024) });

/**
 * Turns the reader's selection inside `root` into a highlight of the entry; false when nothing
 * in the entry is selected (the key then does nothing).
 */
export function highlightSelection(root: Element, entryId: string, color: HighlightColor) {
  const range = selectionRange(root, root.ownerDocument.getSelection());
  if (!range) return false;
  const text = plainText(root);
  // The passage without the blank space a drag picks up at either end.
  let { start, end } = range;
  while (start < end && /\s/.test(text[start]!)) start++;
  while (end > start && /\s/.test(text[end - 1]!)) end--;
  if (end <= start || end - start > MAX_HIGHLIGHT_TEXT) return false;
  const anchor = describeRange(text, start, end);
  const run = runCommand(
    "highlights.create",
    { entryId },
    {
      highlightId: nextHighlightId(),
      entryId,
      color,
      ...anchor,
    },
  );
  root.ownerDocument.getSelection()?.removeAllRanges();
  return run.status === "dispatched";
}
