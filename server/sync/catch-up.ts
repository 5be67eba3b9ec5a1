import type { SyncScope } from "../../contract/api/sync.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import type { SyncHub } from "./hub.ts";
import { readStoredVersions } from "./versions.ts";

/**
 * Pokes the connected users whose stored version is newer than what this process knows: the
 * changes it did not hear of (another process's writes on SQLite, or NOTIFYs sent while the
 * PostgreSQL listener was reconnecting). Which kinds changed comes from the per-kind columns.
 */
export async function catchUp(database: DatabaseHandle, hub: SyncHub): Promise<void> {
  const users = hub.connectedUsers();
  if (users.length === 0) return;
  for (const stored of await readStoredVersions(database.db, users)) {
    const known = hub.knownVersion(stored.userId);
    if (known === undefined || stored.version <= known) continue;
    const scopes: SyncScope[] = [];
    if (stored.state > known) scopes.push("state");
    if (stored.entries > known) scopes.push("entries");
    hub.deliver([{ userId: stored.userId, version: stored.version }], scopes);
  }
}
