import { Schema } from "effect";
import { HighlightModel } from "../../../contract/entities/highlight.ts";
import { highlightRow } from "../../../contract/entities/highlight-table.ts";
import { local, statement } from "../../db/local-sql.ts";
import { defineEvent } from "../event-definition.ts";

/** Highlights in the local `highlights` table. */
const highlight = HighlightModel.fields;

export const HighlightCreated = defineEvent("HighlightCreated", 1, HighlightModel, (data) => [
  statement(
    local
      .insertInto("highlights")
      .values(highlightRow(data))
      // A create replayed over the pulled highlight keeps what the server holds.
      .onConflict((conflict) => conflict.column("id").doNothing()),
  ),
]);

export const HighlightRecolored = defineEvent(
  "HighlightRecolored",
  1,
  Schema.Struct({ id: highlight.id, color: highlight.color, updatedAt: highlight.updatedAt }),
  (data) => [
    statement(
      local
        .updateTable("highlights")
        .set({ color: data.color, updated_at: data.updatedAt })
        .where("id", "=", data.id),
    ),
  ],
);

export const HighlightAnnotated = defineEvent(
  "HighlightAnnotated",
  1,
  Schema.Struct({ id: highlight.id, note: highlight.note, updatedAt: highlight.updatedAt }),
  (data) => [
    statement(
      local
        .updateTable("highlights")
        .set({ note: data.note, updated_at: data.updatedAt })
        .where("id", "=", data.id),
    ),
  ],
);

export const HighlightDeleted = defineEvent(
  "HighlightDeleted",
  1,
  Schema.Struct({ id: highlight.id }),
  (data) => [statement(local.deleteFrom("highlights").where("id", "=", data.id))],
);

export const highlightEvents = [
  HighlightCreated,
  HighlightRecolored,
  HighlightAnnotated,
  HighlightDeleted,
] as const;
