import type { KeyBox } from "../ai/key-box.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { nowIso } from "./time.ts";

export interface UserProvider {
  baseUrl: string;
  model: string;
  apiKey: string | undefined;
}

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

/** Saves the provider; without `apiKey` the stored key is kept, with "" it is removed. */
export async function putUserProvider(
  database: DatabaseHandle,
  box: KeyBox,
  userId: string,
  input: { baseUrl: string; model: string; apiKey?: string | undefined },
) {
  const sealed =
    input.apiKey === undefined ? undefined : input.apiKey === "" ? null : box.seal(input.apiKey);
  const base = { base_url: input.baseUrl, model: input.model, updated_at: nowIso() };
  await database.db
    .insertInto("user_ai_provider")
    .values({ user_id: userId, ...base, api_key: sealed ?? null })
    .onConflict((oc) =>
      oc.column("user_id").doUpdateSet(sealed === undefined ? base : { ...base, api_key: sealed }),
    )
    .execute();
}

export async function deleteUserProvider(database: DatabaseHandle, userId: string) {
  await database.db.deleteFrom("user_ai_provider").where("user_id", "=", userId).execute();
}
