import { createHash } from "node:crypto";
import type { KeyBox } from "../crypto/key-box.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { StorageRefusal } from "./errors.ts";
import { nowIso } from "./time.ts";

export interface UserProvider {
  baseUrl: string;
  model: string;
  apiKey: string | undefined;
}

/** Names a user's provider in the summary and translation caches: its base URL and model. */
export function providerDigest(baseUrl: string, model: string): string {
  return createHash("sha256").update(`${baseUrl}\n${model}`).digest("hex").slice(0, 32);
}

/** What a new endpoint without its key is refused with: the old key never goes to it. */
export const NEW_ENDPOINT_NEEDS_KEY =
  "send the API key again for a new endpoint: the stored key is only sent to the endpoint it was given for";

export async function getUserProvider(
  database: DatabaseHandle,
  box: KeyBox,
  userId: string,
): Promise<UserProvider | null> {
  const row = await database.db
    .selectFrom("user_ai_provider")
    .selectAll()
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!row) return null;
  let apiKey: string | undefined;
  try {
    apiKey = row.api_key ? box.open(row.api_key) : undefined;
  } catch {
    // Sealed under another secret (AUTH_SECRET changed): as if no key was given.
    apiKey = undefined;
  }
  return { baseUrl: row.base_url, model: row.model, apiKey };
}

/**
 * Saves the provider; with "" the stored key is removed. Without `apiKey` the stored key is
 * kept only for the same base URL: a new endpoint without its key is refused (1002), checked
 * in the same statement as the write so a concurrent change cannot slip the key past it.
 */
export async function putUserProvider(
  database: DatabaseHandle,
  box: KeyBox,
  userId: string,
  input: { baseUrl: string; model: string; apiKey?: string | undefined },
) {
  const base = { base_url: input.baseUrl, model: input.model, updated_at: nowIso() };
  if (input.apiKey === undefined) {
    const kept = await database.db
      .insertInto("user_ai_provider")
      .values({ user_id: userId, ...base, api_key: null })
      .onConflict((oc) =>
        oc
          .column("user_id")
          .doUpdateSet(base)
          .where((eb) =>
            eb.or([
              eb("user_ai_provider.base_url", "=", input.baseUrl),
              eb("user_ai_provider.api_key", "is", null),
            ]),
          ),
      )
      .executeTakeFirst();
    if (Number(kept.numInsertedOrUpdatedRows ?? 0) === 0) {
      throw new StorageRefusal(1002, NEW_ENDPOINT_NEEDS_KEY);
    }
  } else {
    const sealed = input.apiKey === "" ? null : box.seal(input.apiKey);
    await database.db
      .insertInto("user_ai_provider")
      .values({ user_id: userId, ...base, api_key: sealed })
      .onConflict((oc) => oc.column("user_id").doUpdateSet({ ...base, api_key: sealed }))
      .execute();
  }
  await forgetProviderOutput(database, userId, providerDigest(input.baseUrl, input.model));
}

export async function deleteUserProvider(database: DatabaseHandle, userId: string) {
  await database.db.deleteFrom("user_ai_provider").where("user_id", "=", userId).execute();
  await forgetProviderOutput(database, userId, null);
}

/** What the user's earlier providers wrote (all but `keep`): no one is served it again. */
async function forgetProviderOutput(database: DatabaseHandle, userId: string, keep: string | null) {
  for (const table of ["ai_summary", "ai_translation"] as const) {
    let query = database.db.deleteFrom(table).where("owner_user_id", "=", userId);
    if (keep) query = query.where("provider", "!=", keep);
    await query.execute();
  }
}
