import { createHash, randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { PublishedFeed, PublishedFeedKind } from "../../contract/api/published-feeds.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { nextEntityId } from "../storage/ids.ts";

/** Published timelines, each read or changed only through its owner's id (or its secret). */
interface Row {
  id: string;
  user_id: string;
  kind: PublishedFeedKind;
  target: string;
  include_private: number | string;
  created_at: string;
  rotated_at: string;
}

export interface PublishedFeedRecord extends PublishedFeed {
  userId: string;
}

/** 32 random bytes: a URL no one guesses. */
const newSecret = () => randomBytes(32).toString("base64url");
export const secretHashOf = (secret: string) => createHash("sha256").update(secret).digest("hex");
/** What a URL may hold as a secret (anything else is not looked up). */
export const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const toFeed = (row: Row): PublishedFeedRecord => ({
  id: row.id,
  userId: row.user_id,
  kind: row.kind,
  target: row.target,
  includePrivate: Number(row.include_private) === 1,
  createdAt: row.created_at,
  rotatedAt: row.rotated_at,
});

export async function listPublishedFeeds(database: DatabaseHandle, userId: string) {
  const { rows } = await sql<Row>`select * from published_feed where user_id = ${userId}
    order by created_at, id`.execute(database.db);
  return rows.map(toFeed);
}

export async function countPublishedFeeds(database: DatabaseHandle, userId: string) {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from published_feed
    where user_id = ${userId}`.execute(database.db);
  return Number(rows[0]?.n ?? 0);
}

/** Publishes (or re-publishes with a new secret); returns the feed and its secret. */
export async function publish(
  database: DatabaseHandle,
  userId: string,
  input: { kind: PublishedFeedKind; target: string; includePrivate: boolean },
) {
  const secret = newSecret();
  const now = new Date().toISOString();
  const hash = secretHashOf(secret);
  const include = input.includePrivate ? 1 : 0;
  await sql`insert into published_feed
      (id, user_id, kind, target, secret_hash, include_private, created_at, rotated_at)
    values (${nextEntityId()}, ${userId}, ${input.kind}, ${input.target}, ${hash}, ${include}, ${now}, ${now})
    on conflict (user_id, kind, target) do update set secret_hash = ${hash},
      include_private = ${include}, rotated_at = ${now}`.execute(database.db);
  const { rows } = await sql<Row>`select * from published_feed where secret_hash = ${hash}`.execute(
    database.db,
  );
  return { feed: toFeed(rows[0]!), secret };
}

/** A new secret for the owner's feed, or undefined when it is not theirs. */
export async function rotate(database: DatabaseHandle, userId: string, id: string) {
  const secret = newSecret();
  const hash = secretHashOf(secret);
  const now = new Date().toISOString();
  const done = await sql`update published_feed set secret_hash = ${hash}, rotated_at = ${now}
    where id = ${id} and user_id = ${userId}`.execute(database.db);
  if (Number(done.numAffectedRows ?? 0) === 0) return undefined;
  const { rows } = await sql<Row>`select * from published_feed where secret_hash = ${hash}`.execute(
    database.db,
  );
  return rows[0] ? { feed: toFeed(rows[0]), secret } : undefined;
}

export async function revoke(database: DatabaseHandle, userId: string, id: string) {
  await sql`delete from published_feed where id = ${id} and user_id = ${userId}`.execute(
    database.db,
  );
}

export async function findBySecret(database: DatabaseHandle, secret: string) {
  if (!SECRET_PATTERN.test(secret)) return undefined;
  const { rows } = await sql<Row>`select * from published_feed
    where secret_hash = ${secretHashOf(secret)}`.execute(database.db);
  return rows[0] ? toFeed(rows[0]) : undefined;
}
