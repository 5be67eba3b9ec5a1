import type { PublicProfile } from "../../contract/profiles.ts";
import type { DatabaseHandle } from "../db/connect.ts";

export async function findPublicProfiles(database: DatabaseHandle, ids: readonly string[]) {
  if (ids.length === 0) return {};
  const rows = await database.db
    .selectFrom("user")
    .select(["id", "name", "handle", "image"])
    .where("id", "in", [...new Set(ids)])
    .execute();
  const byId: Record<string, PublicProfile> = {};
  for (const row of rows) {
    byId[row.id] = {
      id: row.id,
      name: row.name,
      handle: row.handle ?? null,
      image: row.image ?? null,
    };
  }
  return byId;
}
