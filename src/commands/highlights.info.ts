import type { HighlightColor } from "../../contract/entities/highlight.ts";
import type { TextAnchor } from "../../contract/highlights/anchor.ts";
import { type CommandContext, commandInfo } from "./types.ts";

/**
 * Highlight commands as the entry pane and the Highlights page run them (no Effect): each is
 * given its whole payload (`input`), since the passage comes from the reader's selection.
 */

const onAnEntry = (context: CommandContext) => context.entryId !== undefined;
/** The Highlights page and the entry pane's highlight menu run these with the highlight's id. */
const fromTheirOwnControls = (context: CommandContext) => context.selection === undefined;

export interface HighlightInput extends TextAnchor {
  highlightId: string;
  entryId?: string;
  color: HighlightColor;
  note?: string;
}

export const createHighlightInfo = commandInfo({
  name: "highlights.create",
  conflict: {
    rule: "independent",
    because: "The highlight's id is made on the device: two devices make two highlights.",
  },
  when: onAnEntry,
  keywords: ["highlight", "mark", "quote", "annotate"],
  fromContext: (context, input?: HighlightInput) => {
    const entryId = input?.entryId ?? context.entryId;
    if (!input?.highlightId || !entryId || !input.exact || input.end < input.start)
      return undefined;
    return {
      highlightId: input.highlightId,
      entryId,
      color: input.color,
      note: input.note ?? "",
      exact: input.exact,
      prefix: input.prefix,
      suffix: input.suffix,
      start: input.start,
      end: input.end,
    };
  },
});

export const recolorHighlightInfo = commandInfo({
  name: "highlights.recolor",
  conflict: { rule: "last-write-wins", because: "Refused if the highlight was deleted first." },
  when: fromTheirOwnControls,
  keywords: ["highlight", "colour", "color"],
  fromContext: (_context, input?: { highlightId: string; color: HighlightColor }) =>
    input?.highlightId ? { highlightId: input.highlightId, color: input.color } : undefined,
});

export const annotateHighlightInfo = commandInfo({
  name: "highlights.annotate",
  conflict: {
    rule: "last-write-wins",
    because: "The whole note: the one received last stands; refused if the highlight is gone.",
  },
  when: fromTheirOwnControls,
  keywords: ["highlight", "note", "annotate", "comment"],
  fromContext: (_context, input?: { highlightId: string; note: string }) =>
    input?.highlightId ? { highlightId: input.highlightId, note: input.note } : undefined,
});

export const deleteHighlightInfo = commandInfo({
  name: "highlights.delete",
  conflict: { rule: "delete-wins" },
  when: fromTheirOwnControls,
  keywords: ["highlight", "delete", "remove"],
  fromContext: (_context, input?: { highlightId: string }) =>
    input?.highlightId ? { highlightId: input.highlightId } : undefined,
});
