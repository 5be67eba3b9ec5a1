import { text } from "../../../contract/entities/columns.ts";
import { localTable } from "../../../contract/entities/local-table.ts";

/**
 * Entries the person marked unread by hand. Automatic marking (scrolled past, hovered,
 * displayed) leaves them alone until the person reads them again.
 */
export const manualUnreadTable = localTable({
  name: "manual_unread",
  columns: { entry_id: text() },
  key: ["entry_id"],
});
