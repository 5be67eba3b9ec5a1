import type { Migration } from "../../src/db/migrate.ts";

/**
 * The local event log, the outbox of commands still to send, and small key/value state
 * (pull cursors and the like). Payloads and values are JSON in TEXT.
 */
export const migration: Migration = {
  version: 1,
  name: "event_log",
  up: [
    // AUTOINCREMENT: a sequence number is never reused, even after events are dropped.
    `CREATE TABLE events (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      command_id TEXT NOT NULL,
      name TEXT NOT NULL,
      payload TEXT NOT NULL,
      created_at TEXT NOT NULL,
      status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'confirmed'))
    )`,
    "CREATE INDEX events_command_id ON events (command_id)",
    "CREATE INDEX events_status_seq ON events (status, seq)",
    // Send order is insertion order: ORDER BY rowid (rowids only grow while rows remain).
    `CREATE TABLE outbox (
      command_id TEXT PRIMARY KEY NOT NULL,
      name TEXT NOT NULL,
      payload TEXT NOT NULL,
      created_at TEXT NOT NULL,
      attempts INTEGER NOT NULL DEFAULT 0,
      last_error TEXT
    )`,
    `CREATE TABLE meta (
      key TEXT PRIMARY KEY NOT NULL,
      value TEXT
    )`,
  ],
};
