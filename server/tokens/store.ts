import type { DatabaseHandle } from "../db/connect.ts";
import { nextEntityId } from "../storage/ids.ts";
import { nowIso } from "../storage/time.ts";
import {
  feverApiKey,
  feverKeyHash,
  newSecret,
  secretHash,
  type TokenKind,
  type TokenScope,
} from "./secrets.ts";

/** A row of `access_token` (migration 0034_access_tokens). */
export interface AccessTokenRow {
  id: string;
  user_id: string;
  name: string;
  kind: string;
  scope: string;
  secret_hash: string;
  fever_key_hash: string | null;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** What a person sees of a token: never its secret or hashes. */
export interface TokenSummary {
  id: string;
  name: string;
  kind: TokenKind;
  scope: TokenScope;
  createdAt: string;
  lastUsedAt: string | null;
}

/** A live token that was presented, resolved to its owner. */
export interface ResolvedToken {
  id: string;
  userId: string;
  kind: TokenKind;
  scope: TokenScope;
  lastUsedAt: string | null;
}

/** At most this many live tokens per person. */
export const MAX_TOKENS = 50;

/** last_used_at is written at most this often per token. */
const TOUCH_EVERY_MS = 60_000;

const tokens = (database: DatabaseHandle) =>
  database.db.withTables<{ access_token: AccessTokenRow }>();

const summary = (row: AccessTokenRow): TokenSummary => ({
  id: row.id,
  name: row.name,
  kind: row.kind as TokenKind,
  scope: row.scope as TokenScope,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
});

const resolved = (row: AccessTokenRow): ResolvedToken => ({
  id: row.id,
  userId: row.user_id,
  kind: row.kind as TokenKind,
  scope: row.scope as TokenScope,
  lastUsedAt: row.last_used_at,
});

export async function countLiveTokens(database: DatabaseHandle, userId: string) {
  const row = await tokens(database)
    .selectFrom("access_token")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Makes a token; its secret is answered here once and never kept. */
export async function createToken(
  database: DatabaseHandle,
  user: { id: string; email: string },
  input: { name: string; kind: TokenKind; scope: TokenScope },
): Promise<TokenSummary & { secret: string }> {
  const secret = newSecret(input.kind);
  const row: AccessTokenRow = {
    id: nextEntityId(),
    user_id: user.id,
    name: input.name,
    kind: input.kind,
    scope: input.scope,
    secret_hash: secretHash(secret),
    fever_key_hash:
      input.kind === "app_password" ? feverKeyHash(feverApiKey(user.email, secret)) : null,
    created_at: nowIso(),
    last_used_at: null,
    revoked_at: null,
  };
  await tokens(database).insertInto("access_token").values(row).execute();
  return { ...summary(row), secret };
}

/** A person's live tokens, newest first. */
export async function listTokens(database: DatabaseHandle, userId: string) {
  const rows = await tokens(database)
    .selectFrom("access_token")
    .selectAll()
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map(summary);
}

/** Revokes one of the person's own tokens; false when they have no such live token. */
export async function revokeToken(database: DatabaseHandle, userId: string, id: string) {
  const result = await tokens(database)
    .updateTable("access_token")
    .set({ revoked_at: nowIso() })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

async function findLive(
  database: DatabaseHandle,
  column: "secret_hash" | "fever_key_hash",
  hash: string,
) {
  const row = await tokens(database)
    .selectFrom("access_token")
    .selectAll()
    .where(column, "=", hash)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return row;
}

/** The live token of any kind whose secret this is. */
export async function findTokenBySecret(database: DatabaseHandle, secret: string) {
  const row = await findLive(database, "secret_hash", secretHash(secret));
  return row ? resolved(row) : undefined;
}

/** The live personal access token whose secret this is (Bearer on the product's API). */
export async function findPersonalToken(database: DatabaseHandle, secret: string) {
  const token = await findTokenBySecret(database, secret);
  return token?.kind === "personal" ? token : undefined;
}

/** The live app password whose secret this is (Google Reader's Auth token). */
export async function findAppPassword(database: DatabaseHandle, secret: string) {
  const token = await findTokenBySecret(database, secret);
  return token?.kind === "app_password" ? token : undefined;
}

/**
 * The live app password behind a Fever api_key (md5 of "lower(email):app password", hex). An
 * app password made before an e-mail change keeps the old address's key until made anew.
 */
export async function findAppPasswordByFeverKey(database: DatabaseHandle, apiKeyHex: string) {
  if (!/^[0-9a-f]{32}$/i.test(apiKeyHex)) return undefined;
  const row = await findLive(database, "fever_key_hash", feverKeyHash(apiKeyHex));
  return row?.kind === "app_password" ? resolved(row) : undefined;
}

/** ClientLogin: the e-mail's owner's live app password, or nothing (never the account password). */
export async function verifyAppPassword(database: DatabaseHandle, email: string, password: string) {
  const token = await findAppPassword(database, password.trim());
  if (!token) return undefined;
  const user = await database.db
    .selectFrom("user")
    .select("email")
    .where("id", "=", token.userId)
    .executeTakeFirst();
  if (!user || user.email.toLowerCase() !== email.trim().toLowerCase()) return undefined;
  return token;
}

/** Records a use, at most once a minute per token (a write per request would be a hot row). */
export async function touchToken(database: DatabaseHandle, token: ResolvedToken, now = Date.now()) {
  const last = token.lastUsedAt ? Date.parse(token.lastUsedAt) : 0;
  if (now - last < TOUCH_EVERY_MS) return;
  const at = new Date(now).toISOString();
  token.lastUsedAt = at;
  await tokens(database)
    .updateTable("access_token")
    .set({ last_used_at: at })
    .where("id", "=", token.id)
    .execute();
}
