import { text } from "../../../contract/entities/columns.ts";
import { localTable } from "../../../contract/entities/local-table.ts";

/**
 * AI translations kept per entry and language; only the fields asked for are set. Rows older
 * than 7 days are deleted at start-up, hence the index on `created_at`.
 */
export const translationsTable = localTable({
  name: "translations",
  columns: {
    entry_id: text(),
    language: text(),
    title: text().orNull(),
    description: text().orNull(),
    content: text().orNull(),
    readability_content: text().orNull(),
    created_at: text(),
  },
  unique: [["entry_id", "language"]],
  indexes: [{ name: "translations_created_at", on: ["created_at"] }],
});
