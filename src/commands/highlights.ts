import { Schema } from "effect";
import * as highlights from "../../contract/api/highlights.ts";
import { event } from "./events.ts";
import {
  annotateHighlightInfo,
  createHighlightInfo,
  deleteHighlightInfo,
  recolorHighlightInfo,
} from "./highlights.info.ts";
import { EntityId } from "./schemas.ts";
import { defineCommand } from "./types.ts";

/** Highlights: each change shows in the entry and the list at once, syncs, and is undone if refused. */
const fields = highlights.HighlightModel.fields;

export const create = defineCommand(createHighlightInfo, {
  payload: Schema.Struct({
    highlightId: EntityId,
    entryId: EntityId,
    color: fields.color,
    note: fields.note,
    exact: fields.exact,
    prefix: fields.prefix,
    suffix: fields.suffix,
    start: fields.start,
    end: fields.end,
  }),
  apply: ({ highlightId, ...payload }, meta) => [
    event("HighlightCreated", {
      id: highlightId,
      ...payload,
      createdAt: meta.issuedAt,
      updatedAt: meta.issuedAt,
    }),
  ],
  sync: ({ highlightId, ...payload }, api) =>
    api.call(highlights.create, { id: highlightId, ...payload }),
});

export const recolor = defineCommand(recolorHighlightInfo, {
  payload: Schema.Struct({ highlightId: EntityId, color: fields.color }),
  apply: (payload, meta) => [
    event("HighlightRecolored", {
      id: payload.highlightId,
      color: payload.color,
      updatedAt: meta.issuedAt,
    }),
  ],
  sync: (payload, api) =>
    api.call(highlights.update, { id: payload.highlightId, color: payload.color }),
});

export const annotate = defineCommand(annotateHighlightInfo, {
  payload: Schema.Struct({ highlightId: EntityId, note: fields.note }),
  apply: (payload, meta) => [
    event("HighlightAnnotated", {
      id: payload.highlightId,
      note: payload.note,
      updatedAt: meta.issuedAt,
    }),
  ],
  sync: (payload, api) =>
    api.call(highlights.update, { id: payload.highlightId, note: payload.note }),
});

export const remove = defineCommand(deleteHighlightInfo, {
  payload: Schema.Struct({ highlightId: EntityId }),
  apply: (payload) => [event("HighlightDeleted", { id: payload.highlightId })],
  sync: (payload, api) => api.call(highlights.remove, { id: payload.highlightId }),
});
