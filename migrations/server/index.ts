import type { Migration } from "kysely/migration";
import * as m0001 from "./0001_server_meta.ts";

/** Server migrations, numbered and append-only: never edit one that has shipped. */
export const serverMigrations: Record<string, Migration> = {
  "0001_server_meta": m0001,
};
