import { Schema } from "effect";
import { HighlightModel } from "../entities/highlight.ts";
import { EntityId } from "../reading.ts";
import { Envelope, endpoint, Ok } from "./endpoint.ts";
import { routes } from "./info.ts";

/** At most this many highlights per person. */
export const MAX_HIGHLIGHTS = 20_000;

export { HighlightModel };

/** The person's highlights, oldest first (what a pull writes locally). */
export const list = endpoint(routes.highlights.list, {
  request: Schema.Struct({}),
  response: Envelope(Schema.Array(HighlightModel)),
});

/**
 * Highlights a passage of an entry the person can see, under an id the client made; creating
 * the same id again changes nothing (a retried create is harmless). An entry they cannot see is
 * a 1002, as for one that does not exist.
 */
export const create = endpoint(routes.highlights.create, {
  request: Schema.Struct({
    id: EntityId,
    entryId: EntityId,
    color: HighlightModel.fields.color,
    note: Schema.optional(HighlightModel.fields.note),
    exact: HighlightModel.fields.exact,
    prefix: HighlightModel.fields.prefix,
    suffix: HighlightModel.fields.suffix,
    start: HighlightModel.fields.start,
    end: HighlightModel.fields.end,
  }),
  response: Envelope(HighlightModel),
});

/** Recolours or annotates a highlight: only the fields named change. */
export const update = endpoint(routes.highlights.update, {
  request: Schema.Struct({
    id: EntityId,
    color: Schema.optional(HighlightModel.fields.color),
    note: Schema.optional(HighlightModel.fields.note),
  }),
  response: Ok,
});

export const remove = endpoint(routes.highlights.remove, {
  request: Schema.Struct({ id: EntityId }),
  response: Ok,
});
