import { type Kysely, sql } from "kysely";
import type { SyncScope } from "../../contract/api/sync.ts";
import type { Database } from "../db/schema.ts";

/**
 * Each user's change counter (table sync_version): one row per user, made on the first change,
 * bumped by one per change. A user with no row is at version 0.
 */

/** One user's new version after a change. */
export interface VersionChange {
  userId: string;
  version: bigint;
}

/** A user's versions as stored: the latest, and the latest of each kind of change. */
export interface StoredVersions {
  userId: string;
  version: bigint;
  state: bigint;
  entries: bigint;
}

/** Rows per statement: well under SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 500;

const SCOPE_COLUMN = { state: "state_version", entries: "entries_version" } as const;

/**
 * Bumps each user's version by one for a change of `scope` and answers the new versions. Users
 * are bumped in id order, so two bumps of overlapping sets on PostgreSQL lock rows in the same
 * order (no deadlock); each chunk is one atomic upsert.
 */
export async function bumpVersions(
  db: Kysely<Database>,
  userIds: Iterable<string>,
  scope: SyncScope,
): Promise<VersionChange[]> {
  const ids = [...new Set(userIds)].sort();
  const column = SCOPE_COLUMN[scope];
  const changes: VersionChange[] = [];
  for (let start = 0; start < ids.length; start += CHUNK) {
    const rows = await db
      .insertInto("sync_version")
      .values(
        ids.slice(start, start + CHUNK).map((userId) => ({
          user_id: userId,
          version: 1,
          state_version: scope === "state" ? 1 : 0,
          entries_version: scope === "entries" ? 1 : 0,
        })),
      )
      .onConflict((conflict) =>
        conflict.column("user_id").doUpdateSet({
          version: sql`sync_version.version + 1`,
          [column]: sql`sync_version.version + 1`,
        }),
      )
      .returning(["user_id", "version"])
      .execute();
    for (const row of rows) changes.push({ userId: row.user_id, version: BigInt(row.version) });
  }
  return changes;
}

/** A user's current version (0 before their first change). */
export async function readVersion(db: Kysely<Database>, userId: string): Promise<bigint> {
  const row = await db
    .selectFrom("sync_version")
    .select("version")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row ? BigInt(row.version) : 0n;
}

/** The stored versions of these users (those with a row). */
export async function readStoredVersions(
  db: Kysely<Database>,
  userIds: readonly string[],
): Promise<StoredVersions[]> {
  const found: StoredVersions[] = [];
  for (let start = 0; start < userIds.length; start += CHUNK) {
    const rows = await db
      .selectFrom("sync_version")
      .select(["user_id", "version", "state_version", "entries_version"])
      .where("user_id", "in", userIds.slice(start, start + CHUNK))
      .execute();
    for (const row of rows) {
      found.push({
        userId: row.user_id,
        version: BigInt(row.version),
        state: BigInt(row.state_version),
        entries: BigInt(row.entries_version),
      });
    }
  }
  return found;
}

/**
 * Who learns of new entries in a feed: its subscribers, the followers of every list holding it,
 * and the owner of the inbox it belongs to.
 */
export async function readersOfFeed(db: Kysely<Database>, feedId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("subscription")
    .select("user_id")
    .where("feed_id", "=", feedId)
    .union(
      db
        .selectFrom("list_subscription")
        .innerJoin("list_feed", "list_feed.list_id", "list_subscription.list_id")
        .select("list_subscription.user_id")
        .where("list_feed.feed_id", "=", feedId),
    )
    .union(db.selectFrom("inbox").select("owner_user_id as user_id").where("feed_id", "=", feedId))
    .execute();
  return rows.map((row) => row.user_id);
}
