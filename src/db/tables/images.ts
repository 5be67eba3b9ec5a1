import { json, text } from "../../../contract/entities/columns.ts";
import { localTable } from "../../../contract/entities/local-table.ts";

/** Colours picked from an image, by its URL. */
export const imagesTable = localTable({
  name: "images",
  columns: {
    url: text(),
    colors: json<string[]>(),
    created_at: text().withDefault("(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))"),
  },
  key: ["url"],
});
