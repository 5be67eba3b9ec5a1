import { text } from "../../../contract/entities/columns.ts";
import { localTable } from "../../../contract/entities/local-table.ts";

/** Small key/value state: the signed-in user, pull cursors, floors and ceilings. */
export const metaTable = localTable({
  name: "meta",
  columns: {
    key: text(),
    value: text().orNull(),
  },
  key: ["key"],
});
