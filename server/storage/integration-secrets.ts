import { SECRET_ENDPOINT } from "../../contract/integrations.ts";
import type { SecretBox } from "../crypto/secret-box.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { nowIso } from "./time.ts";

/**
 * What a secret is sealed with as associated data: the user and setting name, and for a
 * self-hosted service's token the endpoint it was given for, so it opens (and is sent) only
 * while the settings name that same endpoint.
 */
function context(userId: string, name: string, endpoint?: string) {
  const base = `${userId}\u0000${name}`;
  return endpoint === undefined ? base : `${base}\u0000${endpoint.trim()}`;
}

/** The endpoint a secret belongs to in these settings (undefined: the service has none). */
function endpointOf(name: string, values: Readonly<Record<string, unknown>>): string | undefined {
  const field = SECRET_ENDPOINT[name];
  if (!field) return undefined;
  const value = values[field];
  return typeof value === "string" ? value.trim() : "";
}

/**
 * Saves (or, for "", deletes) a user's secret settings, sealed; an endpoint-bound secret is
 * sealed for the endpoint in `values` (the settings it will be used with).
 */
export async function writeIntegrationSecrets(
  database: DatabaseHandle,
  box: SecretBox,
  userId: string,
  secrets: Record<string, string>,
  values: Readonly<Record<string, unknown>> = {},
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
    const ciphertext = box.seal(value, context(userId, name, endpointOf(name, values)));
    await database.db
      .insertInto("integration_secret")
      .values({ user_id: userId, name, ciphertext, updated_at: now })
      .onConflict((oc) =>
        oc.columns(["user_id", "name"]).doUpdateSet({ ciphertext, updated_at: now }),
      )
      .execute();
  }
}

/** The names of the secrets a user has stored. */
export async function storedSecretNames(
  database: DatabaseHandle,
  userId: string,
): Promise<Set<string>> {
  const rows = await database.db
    .selectFrom("integration_secret")
    .select("name")
    .where("user_id", "=", userId)
    .execute();
  return new Set(rows.map((row) => row.name));
}

/**
 * A user's secret settings, opened for the settings `values` name: one that no longer opens
 * (new auth secret, or sealed for another endpoint than the one set now) is left out. Secrets
 * stored before endpoints were bound open under the user and name alone; a changed endpoint
 * without the secret again is refused when the settings are saved.
 */
export async function readIntegrationSecrets(
  database: DatabaseHandle,
  box: SecretBox,
  userId: string,
  values: Readonly<Record<string, unknown>> = {},
): Promise<Record<string, string>> {
  const rows = await database.db
    .selectFrom("integration_secret")
    .select(["name", "ciphertext"])
    .where("user_id", "=", userId)
    .execute();
  const secrets: Record<string, string> = {};
  for (const row of rows) {
    const endpoint = endpointOf(row.name, values);
    const value =
      (endpoint === undefined
        ? null
        : box.open(row.ciphertext, context(userId, row.name, endpoint))) ??
      box.open(row.ciphertext, context(userId, row.name));
    if (value !== null) secrets[row.name] = value;
  }
  return secrets;
}
