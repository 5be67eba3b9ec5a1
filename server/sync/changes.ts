import { type Kysely, sql } from "kysely";
import type { SyncScope } from "../../contract/api/sync.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import type { Database } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import type { SyncHub } from "./hub.ts";
import { bumpVersions, readersOfFeed, type VersionChange } from "./versions.ts";

/**
 * Where a change is recorded: the users' versions bumped in the database, this process's
 * streams poked at once, and, on PostgreSQL, one NOTIFY on SYNC_CHANNEL so every other process
 * (API processes, ingest workers) pokes its own. A process without streams (a worker) only
 * bumps and notifies. Recording never fails the write it follows: a failure is logged and the
 * clients catch up at their next connect (its event states the current version).
 */
export const SYNC_CHANNEL = "follow_sync";

/** NOTIFY payloads must stay under 8,000 bytes; changes are split below this. */
const MAX_PAYLOAD_BYTES = 7_000;

interface Attached {
  hub?: SyncHub;
  logger?: Logger;
}

const attached = new WeakMap<DatabaseHandle, Attached>();

/** Called at start-up: this process's hub (API processes) and where failures are logged. */
export function attachSync(database: DatabaseHandle, what: Attached): void {
  attached.set(database, what);
}

/** A change of users' data of `scope`: versions bumped, streams poked here and elsewhere. */
export async function recordChange(
  database: DatabaseHandle,
  userIds: readonly string[],
  scope: SyncScope,
): Promise<void> {
  if (userIds.length === 0) return;
  try {
    // On PostgreSQL the NOTIFY goes out with the bump's commit, or not at all.
    const changes =
      database.dialect === "postgres"
        ? await database.db.transaction().execute(async (trx) => {
            const bumped = await bumpVersions(trx, userIds, scope);
            await notify(trx, bumped, scope);
            return bumped;
          })
        : await bumpVersions(database.db, userIds, scope);
    attached.get(database)?.hub?.deliver(changes, [scope]);
  } catch (error) {
    attached.get(database)?.logger?.warn({ err: error, scope }, "could not record a change");
  }
}

/** New entries stored in a feed: everyone who reads it hears of them. */
export async function recordNewEntries(
  database: DatabaseHandle,
  feedId: string,
  inserted: number,
): Promise<void> {
  if (inserted === 0) return;
  try {
    await recordChange(database, await readersOfFeed(database.db, feedId), "entries");
  } catch (error) {
    attached.get(database)?.logger?.warn({ err: error, feedId }, "could not record new entries");
  }
}

/** What one NOTIFY carries: the scope and [user id, version] pairs. */
export interface ChangeNotice {
  s: SyncScope;
  c: Array<[string, string]>;
}

/** Payloads for `changes`, each under the NOTIFY limit. */
export function noticePayloads(changes: readonly VersionChange[], scope: SyncScope): string[] {
  const payloads: string[] = [];
  let batch: Array<[string, string]> = [];
  let size = 0;
  const emit = () => {
    if (batch.length === 0) return;
    payloads.push(JSON.stringify({ s: scope, c: batch } satisfies ChangeNotice));
    batch = [];
    size = 0;
  };
  for (const { userId, version } of changes) {
    const pair: [string, string] = [userId, String(version)];
    const bytes = Buffer.byteLength(JSON.stringify(pair)) + 1;
    if (size + bytes > MAX_PAYLOAD_BYTES) emit();
    batch.push(pair);
    size += bytes;
  }
  emit();
  return payloads;
}

async function notify(db: Kysely<Database>, changes: readonly VersionChange[], scope: SyncScope) {
  for (const payload of noticePayloads(changes, scope)) {
    await sql`SELECT pg_notify(${SYNC_CHANNEL}, ${payload})`.execute(db);
  }
}
