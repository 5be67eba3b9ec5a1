import { integer, text } from "../../../contract/entities/columns.ts";
import { localTable } from "../../../contract/entities/local-table.ts";

/**
 * Unread entries per subscription target (a feed's, list's or inbox's id), as the server
 * counted them and local reads adjusted them. A count never goes below 0: the CHECK turns a
 * bad decrement into an error instead of a negative badge.
 */
export const unreadTable = localTable({
  name: "unread",
  columns: {
    subscription_id: text(),
    count: integer().withCheck("count >= 0"),
  },
  key: ["subscription_id"],
});
