import { text } from "../../../contract/entities/columns.ts";
import { localTable } from "../../../contract/entities/local-table.ts";

/** AI summaries kept per entry and language (the article's and, when read, its readable form's). */
export const summariesTable = localTable({
  name: "summaries",
  columns: {
    entry_id: text(),
    summary: text(),
    readability_summary: text().orNull(),
    created_at: text().orNull(),
    language: text().orNull(),
  },
  unique: [["entry_id", "language"]],
});
