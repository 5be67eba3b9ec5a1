import { Schema } from "effect";
import { EntryTagModel } from "../../../contract/entities/entry-tag.ts";
import { entryTagRow } from "../../../contract/entities/entry-tag-table.ts";
import { local, statement } from "../../db/local-sql.ts";
import { defineEvent } from "../event-definition.ts";

/** Tags on entries in the local `entry_tags` table. */
const tag = EntryTagModel.fields;

export const EntryTagged = defineEvent("EntryTagged", 1, EntryTagModel, (data) => [
  statement(
    local
      .insertInto("entry_tags")
      .values(entryTagRow(data))
      .onConflict((conflict) => conflict.columns(["entry_id", "tag"]).doNothing()),
  ),
]);

export const EntryUntagged = defineEvent(
  "EntryUntagged",
  1,
  Schema.Struct({ entryId: tag.entryId, tag: tag.tag }),
  (data) => [
    statement(
      local
        .deleteFrom("entry_tags")
        .where("entry_id", "=", data.entryId)
        .where("tag", "=", data.tag),
    ),
  ],
);

/** A rename onto an existing tag merges them: entries carrying both keep the target once. */
export const TagRenamed = defineEvent(
  "TagRenamed",
  1,
  Schema.Struct({ from: tag.tag, to: tag.tag }),
  (data) =>
    data.from === data.to
      ? []
      : [
          statement(
            local
              .deleteFrom("entry_tags")
              .where("tag", "=", data.from)
              .where("entry_id", "in", (eb) =>
                eb.selectFrom("entry_tags as t").select("t.entry_id").where("t.tag", "=", data.to),
              ),
          ),
          statement(
            local.updateTable("entry_tags").set({ tag: data.to }).where("tag", "=", data.from),
          ),
        ],
);

export const tagEvents = [EntryTagged, EntryUntagged, TagRenamed] as const;
