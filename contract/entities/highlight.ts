import { Schema } from "effect";
import { EntityId } from "../reading.ts";

/** The named colours a highlight may take (the view maps each to its own shade). */
export const HIGHLIGHT_COLORS = ["yellow", "green", "blue", "pink", "purple"] as const;
export const HighlightColor = Schema.Literals(HIGHLIGHT_COLORS);
export type HighlightColor = typeof HighlightColor.Type;

/** Longest passage and note kept: a highlight is a passage, not a copy of the entry. */
export const MAX_HIGHLIGHT_TEXT = 10_000;
/** Context kept on each side of the passage, enough to find it again after small edits. */
export const MAX_HIGHLIGHT_CONTEXT = 64;

const Offset = Schema.Number.check(
  Schema.isInt(),
  Schema.isBetween({ minimum: 0, maximum: 10_000_000 }),
);

/**
 * A passage of an entry the person marked, anchored as W3C Web Annotation selectors over the
 * entry's plain text: a TextQuoteSelector (`exact` with `prefix`/`suffix`) and a
 * TextPositionSelector (`start`/`end`), so it is found again in the feed's content, in the full
 * text, and after small edits (contract/highlights/anchor.ts).
 */
export const HighlightModel = Schema.Struct({
  id: EntityId,
  entryId: EntityId,
  color: HighlightColor,
  note: Schema.String.check(Schema.isMaxLength(MAX_HIGHLIGHT_TEXT)),
  exact: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(MAX_HIGHLIGHT_TEXT)),
  prefix: Schema.String.check(Schema.isMaxLength(MAX_HIGHLIGHT_CONTEXT)),
  suffix: Schema.String.check(Schema.isMaxLength(MAX_HIGHLIGHT_CONTEXT)),
  start: Offset,
  end: Offset,
  createdAt: Schema.String,
  updatedAt: Schema.String,
});
export type HighlightModel = typeof HighlightModel.Type;
