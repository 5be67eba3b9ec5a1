import type { DatabaseHandle } from "../db/connect.ts";
import type { SecretBox } from "../services/integrations/secret-box.ts";
import { nowIso } from "./time.ts";

const context = (userId: string, name: string) => `${userId}\u0000${name}`;

/** Saves (or, for "", deletes) a user's secret settings, sealed. */
export async function writeIntegrationSecrets(
  database: DatabaseHandle,
  box: SecretBox,
  userId: string,
  secrets: Record<string, string>,
): Promise<void> {
  const now = nowIso();
  for (const [name, value] of Object.entries(secrets)) {
    if (value === "") {
      await database.db
        .deleteFrom("integration_secret")
        .where("user_id", "=", userId)
        .where("name", "=", name)
        .execute();
      continue;
    }
    const ciphertext = box.seal(value, context(userId, name));
    await database.db
      .insertInto("integration_secret")
      .values({ user_id: userId, name, ciphertext, updated_at: now })
      .onConflict((oc) =>
        oc.columns(["user_id", "name"]).doUpdateSet({ ciphertext, updated_at: now }),
      )
      .execute();
  }
}

/** A user's secret settings, opened; one that no longer opens (new auth secret) is left out. */
export async function readIntegrationSecrets(
  database: DatabaseHandle,
  box: SecretBox,
  userId: string,
): Promise<Record<string, string>> {
  const rows = await database.db
    .selectFrom("integration_secret")
    .select(["name", "ciphertext"])
    .where("user_id", "=", userId)
    .execute();
  const secrets: Record<string, string> = {};
  for (const row of rows) {
    const value = box.open(row.ciphertext, context(userId, row.name));
    if (value !== null) secrets[row.name] = value;
  }
  return secrets;
}
